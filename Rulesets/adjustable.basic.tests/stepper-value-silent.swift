import SwiftUI

struct Order: View {
    @State private var quantity = 1
    @State private var copies = 1

    var body: some View {
        Form {
            HStack {
                Stepper("Quantity", value: $quantity, in: 1...10)  // <- adjustable.basic/stepper-value
                Text("\(quantity)")
            }
            Stepper("Copies") {  // <- adjustable.basic/stepper-value
                copies += 1
            } onDecrement: {
                copies -= 1
            }
        }
    }
}
