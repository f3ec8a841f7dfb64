import SwiftUI
// expect: nothing

struct NotificationRow: View {
    @Binding var isOn: Bool

    var body: some View {
        VStack {
            HStack {
                Text("Notifications")
                Toggle("On", isOn: $isOn).labelsHidden()
            }
            .accessibilityElement(children: .combine)
            Toggle("Sounds", isOn: $isOn)
                .toggleStyle(.button)
        }
    }
}
