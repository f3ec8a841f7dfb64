import SwiftUI

struct PlaybackSettings: View {
    @State private var volume = 0.5
    @State private var speed = 1
    @State private var isMuted = false
    @State private var quality = "High"

    var body: some View {
        Form {
            Slider(value: $volume, in: 0...1)  // <- names/control-name
            Toggle(isOn: $isMuted) {}  // <- names/control-name
            ColorPicker("", selection: .constant(.red))  // <- names/control-name
                .labelsHidden()
            Stepper(value: $speed, in: 1...4) {  // <- names/control-name
                Image(systemName: "speedometer")
            }
        }
    }
}
