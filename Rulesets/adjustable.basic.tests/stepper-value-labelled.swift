import SwiftUI

struct FontSize: View {
    @Binding var size: Int

    var body: some View {
        VStack {
            Text("\(size) pt")
            // v adjustable.basic/stepper-value
            Stepper("Size", value: $size, in: 8...72, step: 2)
                .accessibilityLabel("Font size")
            Stepper("Line spacing", value: $size)
                .accessibilityValue("\(size) points")
        }
    }
}
