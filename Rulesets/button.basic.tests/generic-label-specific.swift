// swift-format-ignore-file
// expect: nothing
// Labels that say what happens, a title computed at run time, and a vague word made specific
// by an accessibility label.
import SwiftUI

struct DownloadsView: View {
    let fileName: String

    var body: some View {
        VStack {
            Button("Download Report") {}
            Button("Open \(fileName)") {}
            Button(fileName) {}
            Button("Here") {}
                .accessibilityLabel("Here: show nearby stores")
        }
    }
}
