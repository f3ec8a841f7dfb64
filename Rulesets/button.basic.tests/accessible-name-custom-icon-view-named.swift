// swift-format-ignore-file
// The same custom icon views, named: a label on the button, a title beside the icon, a label
// on the icon where it is used, and an icon view that draws text.
import SwiftUI

struct AppIcon: View {
    private var image: Image
    init(_ name: String) { image = Image(name) }
    var body: some View {
        image.resizable()
    }
}

struct TitledIcon: View {
    let name: String
    let title: String
    var body: some View {
        Label(title, systemImage: name)
    }
}

struct ComposerBar: View {
    var body: some View {
        HStack {
            Button { send() } label: { AppIcon("send") }
                .accessibilityLabel("Send")
            Button(action: attach) {
                TitledIcon(name: "paperclip", title: "Attach")
            }
            Button { record() } label: { micIcon() }
            Button { close() } label: {
                HStack {
                    AppIcon("close")
                    Text("Close")
                }
            }
        }
    }

    func micIcon() -> some View {
        Image(systemName: "mic")
            .accessibilityLabel("Record")
    }

    func send() {}
    func attach() {}
    func record() {}
    func close() {}
}
// expect: nothing
