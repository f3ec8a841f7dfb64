import SwiftUI
// expect: nothing

struct SpeedControl: View {
    @Binding var speed: Double

    var body: some View {
        HStack {
            Text("Speed")
            Slider(value: $speed, in: 0.5...2)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel("Speed")
        .accessibilityValue("\(speed, specifier: "%.1f") times")
    }
}
