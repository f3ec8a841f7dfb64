// swift-format-ignore-file
// Text(verbatim:) in the label, named with other words, built in a @ViewBuilder function.
import SwiftUI

struct CheckoutFooter: View {
    var body: some View { buyButton() }

    @ViewBuilder
    func buyButton() -> some View {
        Button(action: buy) { // <- button.basic/label-in-name
            Text(verbatim: "Buy Now")
        }
        .accessibilityLabel(
            "Purchase"
        )
    }

    func buy() {}
}
