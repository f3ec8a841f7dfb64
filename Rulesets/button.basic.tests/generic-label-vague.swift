// swift-format-ignore-file
// expect: button.basic/generic-label
// Labels that only make sense next to the text around them.
import SwiftUI

struct TermsView: View {
    var body: some View {
        VStack {
            Text("Read our terms of service.")
            Button("Click here") { openTerms() }
            Text("To download the report,")
            Button {
                download()
            } label: {
                Text("tap here")
            }
        }
    }

    func openTerms() {}
    func download() {}
}
