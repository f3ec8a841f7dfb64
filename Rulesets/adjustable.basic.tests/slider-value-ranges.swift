import SwiftUI

struct TextSettings: View {
    @State private var size = 17.0
    @State private var rating = 3.0

    var body: some View {
        Form {
            Slider(value: $size, in: 12...30, step: 1) { Text("Font size") }  // <- adjustable.basic/slider-value
            // v adjustable.basic/slider-value
            Slider(
                value: $rating,
                in: 1 ... 5
            )
            .accessibilityLabel("Rating")
        }
    }
}
