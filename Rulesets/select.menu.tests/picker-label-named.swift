// swift-format-ignore-file
// expect: nothing
// Labelled pickers: a title hidden with .labelsHidden(), a label closure, a key in a variable,
// and an accessibility label.
import SwiftUI

struct AppearanceSettings: View {
    @State private var theme = 0
    @State private var textSize = 1
    @State private var icon = "Default"
    @State private var font = "System"
    let fontTitle: LocalizedStringKey = "Font"

    var body: some View {
        Form {
            Picker("Theme", selection: $theme) {
                Text("Light").tag(0)
                Text("Dark").tag(1)
            }
            .labelsHidden()
            Picker(selection: $textSize) {
                Text("Small").tag(0)
                Text("Large").tag(1)
            } label: {
                Label("Text Size", systemImage: "textformat.size")
            }
            Picker(fontTitle, selection: $font) {
                Text("System").tag("System")
                Text("Serif").tag("Serif")
            }
            Picker("", selection: $icon) {
                Text("Default").tag("Default")
                Text("Dark").tag("Dark")
            }
            .accessibilityLabel("App Icon")
        }
    }
}
