import SwiftUI
// expect: nothing

// Every control names itself: a title, words in the label, a label held in a variable or a
// localized key, an .accessibilityLabel on an icon, or hidden text with .labelsHidden().
struct Preferences: View {
    @State private var volume = 0.5
    @State private var isOn = true
    @State private var count = 1
    @State private var flavor = "Vanilla"
    @State private var email = ""
    let title: String

    var body: some View {
        Form {
            Toggle("Notifications", isOn: $isOn)
            Toggle(isOn: $isOn) { Text("Sounds") }
            Toggle(title, isOn: $isOn)
            Slider(value: $volume, in: 0...1) { Text("Volume") }
            Slider(value: $volume).accessibilityLabel("Brightness")
            Stepper("Copies: \(count)", value: $count)
            Picker("Flavor", selection: $flavor) {
                Text("Vanilla").tag("Vanilla")
            }
            .labelsHidden()
            TextField("Email", text: $email)
            SecureField(text: $email, prompt: Text("Password")) { Text("Password") }
            TextField(text: $email) { Text("Username") }
            LabeledContent("Server") {
                TextField("", text: $email)
            }
            Link("Privacy Policy", destination: URL(string: "https://example.com")!)
            NavigationLink("Advanced") { Text("Advanced") }
            Link(destination: URL(string: "https://example.com")!) {
                Image(systemName: "questionmark.circle")
            }
            .accessibilityLabel("Help")
            ShareLink(item: URL(string: "https://example.com")!)
        }
    }
}
