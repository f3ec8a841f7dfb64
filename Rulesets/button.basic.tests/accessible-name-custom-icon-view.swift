// swift-format-ignore-file
// The app's own views are seen through: a CompoundIcon-style view whose body is only an image
// (stored as a property, as Element X does; its 24 pt frame makes the button a small target),
// a wrapper taking the symbol name, a helper
// function and a computed property returning an Image. Each makes an icon-only button.
import SwiftUI

struct AppIcon: View {
    private var image: Image
    init(_ name: String) { image = Image(name) }
    var body: some View {
        image
            .resizable()
            .frame(width: 24, height: 24)
    }
}

struct SymbolIcon: View {
    let name: String
    var body: some View { Image(systemName: name) }
}

struct ComposerBar: View {
    var body: some View {
        HStack {
            Button { send() } label: { AppIcon("send") } // <- button.basic/accessible-name, global/touch-target-size
            Button(action: attach) { // <- button.basic/accessible-name
                SymbolIcon(name: "paperclip")
            }
            Button { record() } label: { micIcon() } // <- button.basic/accessible-name
            Button(action: close, label: { closeIcon }) // <- button.basic/accessible-name
        }
    }

    func micIcon() -> some View {
        Image(systemName: "mic")
    }

    var closeIcon: Image { Image(systemName: "xmark") }

    func send() {}
    func attach() {}
    func record() {}
    func close() {}
}
