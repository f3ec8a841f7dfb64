// swift-format-ignore-file
// An enum focus state: the code sets another case's state, not this one.
import SwiftUI

struct Checkout: View { // <- structure/focus-never-set
    enum Field { case total, error }
    @AccessibilityFocusState private var focus: Field?
    @AccessibilityFocusState private var banner: Bool
    @State private var failed = false

    var body: some View {
        VStack {
            Text("Total: $12").accessibilityFocused($focus, equals: .total)
            if failed {
                Text("Payment failed").accessibilityFocused($banner)
            }
        }
        .onChange(of: failed) { _, newValue in
            if newValue { banner = true }
        }
    }

    var footer: some View {
        Text("Taxes included")
            .accessibilityFocused($focus, equals: .error)
    }
}
