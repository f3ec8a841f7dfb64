import SwiftUI
// expect: nothing

struct Settings: View {
    @State private var isOn = false
    let title: LocalizedStringKey

    var body: some View {
        Form {
            Toggle("Dark Mode", isOn: $isOn)
            Toggle(isOn: $isOn) { Label("Show Badges", systemImage: "app.badge") }
            Toggle(title, isOn: $isOn)
            Toggle("settings.enabled", isOn: $isOn)
            Toggle("Wi-Fi", isOn: $isOn).accessibilityLabel("Wi-Fi network")
        }
    }
}
