// swift-format-ignore-file
// Titles over the content of a screen and of a card, read as plain text.
import SwiftUI

struct PaymentView: View {
    let amount: String

    var body: some View {
        VStack(spacing: 20) {
            Text("Confirm Payment") // <- structure/visual-heading
                .font(.title2)
                .bold()
            Text(amount)
            Text("The payment is sent at once.")
            Button("Pay") {}
        }
    }
}

extension PaymentView {
    var details: some View {
        LazyVStack(alignment: .leading) {
            Text("payment.details.title") // <- structure/visual-heading
                .font(.headline)
            Text(amount)
            Divider()
            Text("Fees included")
        }
    }
}
