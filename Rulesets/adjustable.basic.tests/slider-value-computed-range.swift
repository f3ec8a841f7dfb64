import SwiftUI

struct Scrubber: View {
    @Binding var position: Double
    let duration: Double

    var body: some View {
        VStack {
            Slider(value: $position, in: 0...duration) {  // <- adjustable.basic/slider-value
                Text("Position")
            }
            Text(Duration.seconds(position).formatted())
        }
    }
}
