// swift-format-ignore-file
// Labels that only make sense next to the text around them.
import SwiftUI

struct TermsView: View {
    var body: some View {
        VStack {
            Text("Read our terms of service.")
            Button("Click here") { openTerms() } // <- button.basic/generic-label
            Text("To download the report,")
            Button { // <- button.basic/generic-label
                download()
            } label: {
                Text("tap here")
            }
        }
    }

    func openTerms() {}
    func download() {}
}
