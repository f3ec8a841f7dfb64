// swift-format-ignore-file
// A screen of a navigation stack and its toolbar, drawn on the system background.
import SwiftUI

struct OrderDetail: View {
    let order: Order

    var body: some View {
        ScrollView {
            VStack {
                Text(order.title) // <- contrast/fixed-black-white
                    .font(.title)
                    .foregroundColor(Color(.white))
            }
        }
        .navigationTitle("Order")
        .toolbar {
            ToolbarItem(placement: .status) {
                Text("Shipped").foregroundStyle(.black) // <- contrast/fixed-black-white
            }
        }
    }
}
