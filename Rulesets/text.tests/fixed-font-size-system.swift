// swift-format-ignore-file
// Fixed point sizes on texts, a label, a button and a container whose text inherits the font.
import SwiftUI

struct PriceTag: View {
    let price: String

    var body: some View {
        VStack {
            Text(price) // <- text/fixed-font-size
                .font(.system(size: 14, weight: .bold))
            Label("Sale", systemImage: "tag") // <- text/fixed-font-size
                .font(Font.system(size: 12))
            Button("Buy") {} // <- text/fixed-font-size
                .font(.system(size: 15).weight(.semibold))
            HStack { // <- text/fixed-font-size
                Text("Was")
                Text("$20").strikethrough()
            }
            .font(.system(size: 11))
            Text("Free delivery")
                .font(.footnote)
        }
    }
}
