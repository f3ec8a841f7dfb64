// swift-format-ignore-file
// Online state shown only by the colour of a dot; the fixed words beside it do not say it.
import SwiftUI

struct ServerRow: View {
    let isOnline: Bool

    var body: some View {
        HStack {
            Circle() // <- global/semantic-color
                .fill(isOnline ? .green : .red)
                .frame(width: 10, height: 10)
            Text("Sync Server")
        }
    }
}
