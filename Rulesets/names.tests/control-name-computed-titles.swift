import SwiftUI
// expect: nothing

// Names the app computes are names: a localized key, String(localized:), a property, a Label
// with an icon and a title, a title in a Stepper's label closure.
struct ComposerOptions: View {
    @Binding var options: Options
    let strings: Strings

    var body: some View {
        List {
            Toggle(strings.sensitiveTitle, isOn: $options.isSensitive)
            Toggle(String(localized: "composer.poll"), isOn: $options.hasPoll)
            Toggle(isOn: $options.isPinned) {
                Label("Pin to Profile", systemImage: "pin")
            }
            Stepper(value: $options.days, in: 1...7) {
                Text("Expires in \(options.days) days")
            }
            DatePicker("Schedule", selection: $options.date, displayedComponents: .date)
            NavigationLink(value: Route.drafts) {
                Label(strings.drafts, systemImage: "doc.text")
            }
            Slider(value: $options.ratio, in: 0...1, label: { Text("Image quality") })
        }
    }
}
