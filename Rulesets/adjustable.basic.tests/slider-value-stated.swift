import SwiftUI
// expect: nothing

struct Mixer: View {
    @State private var volume = 0.5
    @State private var gain = 0.0
    @State private var percent = 50.0

    var body: some View {
        Form {
            Slider(value: $volume) { Text("Volume") }
            Slider(value: $volume, in: 0...1) { Text("Balance") }
            Slider(value: $percent, in: 0...100) { Text("Opacity") }
            Slider(value: $gain, in: 1...100) { Text(L10n.distance(Int(gain))) }
            Slider(value: $gain, in: -12...12) { Text("Gain") }
                .accessibilityValue("\(Int(gain)) decibels")
        }
    }
}
