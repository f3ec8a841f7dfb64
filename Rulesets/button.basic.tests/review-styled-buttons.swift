// swift-format-ignore-file
// expect: nothing
// Buttons with a style and colours of the app's own: a person checks how the keyboard reaches
// them and how they contrast (review items, once for the view). The plain buttons of Footer
// ask nothing: a system Button with a title announces it, takes the keyboard and grows.
import SwiftUI

struct PillStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label.padding(12).background(Capsule().fill(.blue))
    }
}

struct Checkout: View {
    var body: some View {
        VStack {
            Button("Pay now") {}
                .buttonStyle(PillStyle())
                .foregroundStyle(.white)
            Button("Apply coupon") {}
                .tint(.orange)
        }
    }
}

struct Footer: View {
    var body: some View {
        HStack {
            Button("Terms") {}
            Button("Privacy") {}
        }
    }
}
