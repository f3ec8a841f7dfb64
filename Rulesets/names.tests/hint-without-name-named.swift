import SwiftUI
// expect: nothing

struct StatusBar: View {
    let status: String

    var body: some View {
        VStack {
            Image(systemName: "icloud.slash")
                .accessibilityLabel("Offline")
                .accessibilityHint("Changes will sync when you are online")
            Text("Report.pdf").accessibilityHint("Opens the document")
            HStack {
                Image(systemName: "doc")
                Text(status)
            }
            .accessibilityElement(children: .combine)
            .accessibilityHint("Opens the document")
            Image("lock", label: Text("Encrypted")).help("Only you can read it")
        }
    }
}
