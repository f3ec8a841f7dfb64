import SwiftUI
// expect: nothing

struct Order: View {
    @State private var quantity = 1
    let title: String

    var body: some View {
        Form {
            Stepper("Quantity: \(quantity)", value: $quantity, in: 1...10)
            Stepper(value: $quantity) { Text("Copies: \(quantity)") }
            Stepper(title, value: $quantity)
            Stepper("Guests", value: $quantity)
                .accessibilityValue("\(quantity) guests")
            Stepper("Tip", value: $quantity, format: .percent)
        }
    }
}
