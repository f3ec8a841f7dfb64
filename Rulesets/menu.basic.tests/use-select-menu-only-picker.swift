// swift-format-ignore-file
// A menu that only wraps a Picker, and one whose ForEach commands all set one value.
import SwiftUI

struct ThemeSettings: View {
    @State private var theme = Theme.system
    @State private var accent = AccentColor.blue

    var body: some View {
        Form {
            Menu { // <- menu.basic/use-select-menu
                Picker("Theme", selection: $theme) {
                    ForEach(Theme.allCases) { theme in
                        Text(theme.name).tag(theme)
                    }
                }
            } label: {
                Label("Theme", systemImage: "paintpalette")
            }
            Menu("Accent") { // <- menu.basic/use-select-menu
                ForEach(AccentColor.allCases) { color in
                    Button(color.name) { accent = color }
                }
            }
        }
    }
}
