import SwiftUI

struct Row: View {
    var body: some View {
        VStack {
            // v names/hint-without-name
            HStack {
                Image(systemName: "doc")
                Text("Report.pdf")
            }
            .accessibilityElement(children: .ignore)
            .accessibilityHint("Opens the document")
        }
    }
}
