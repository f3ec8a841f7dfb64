import SwiftUI

struct Row: View {
    @State private var isOn = false

    var body: some View {
        HStack {
            Text("Dark Mode")
            Spacer()
            // v toggle.basic/state-label
            Toggle("Toggle", isOn: $isOn)
                .labelsHidden()
            Toggle("Airplane Mode", isOn: $isOn)  // <- button.basic/label-in-name
                .accessibilityLabel("Flight")
        }
    }
}
