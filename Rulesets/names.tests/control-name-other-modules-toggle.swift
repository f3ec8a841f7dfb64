// swift-format-ignore-file
// A view of another module that shares a SwiftUI name (LaunchAtLogin.Toggle) is that module's,
// with its own title: only SwiftUI's own Toggle is held to the rule.
import SwiftUI
import LaunchAtLogin

struct Settings: View {
    @State private var on = false
    var body: some View {
        Form {
            LaunchAtLogin.Toggle()
            SwiftUI.Toggle("", isOn: $on) // <- names/control-name
        }
    }
}
