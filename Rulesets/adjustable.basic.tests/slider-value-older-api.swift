// swift-format-ignore-file
// expect: nothing
// The older .accessibility(value:) says a slider's value as .accessibilityValue does.
import SwiftUI

struct Oven: View {
    @State private var temperature = 180.0

    var body: some View {
        Slider(value: $temperature, in: 50...250) { Text("Temperature") }
            .accessibility(value: Text("\(Int(temperature)) degrees"))
    }
}
