// swift-format-ignore-file
// expect: nothing
// Toggles drawn by a style of the app's own: a person checks what VoiceOver, the keyboard and
// On/Off Labels make of them (review items, once for the view).
import SwiftUI

struct CheckboxStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        Button { configuration.isOn.toggle() } label: {
            Label { configuration.label } icon: {
                Image(systemName: configuration.isOn ? "checkmark.square.fill" : "square")
            }
        }
    }
}

struct Filters: View {
    @State private var unread = false
    @State private var flagged = false

    var body: some View {
        VStack {
            Toggle("Unread only", isOn: $unread)
            Toggle("Flagged only", isOn: $flagged)
        }
        .toggleStyle(CheckboxStyle())
    }
}
