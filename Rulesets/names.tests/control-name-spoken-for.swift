import SwiftUI
// expect: nothing

// A control inside an element that speaks for it, or hidden, needs no name of its own.
struct Row: View {
    @State private var isOn = false
    @State private var level = 0.3

    var body: some View {
        VStack {
            HStack {
                Text("Dark Mode")
                Toggle(isOn: $isOn) {}
            }
            .accessibilityElement(children: .combine)

            Slider(value: $level)
                .accessibilityHidden(true)

            HStack {
                Image(systemName: "sun.max")
                Slider(value: $level)
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel("Brightness")
            .accessibilityValue("\(Int(level * 100)) percent")
        }
    }
}
