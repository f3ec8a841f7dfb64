// swift-format-ignore-file
// Texts in frames of fixed height: status capsules and a two-line tile.
import SwiftUI

struct RelayStatus: View {
    let online: Bool
    let amount: String

    var body: some View {
        HStack {
            Text(online ? "Online" : "Offline") // <- text/clipped-text
                .font(.caption)
                .frame(height: 20)
                .padding(.horizontal, 10)
            Text("Zap\n\(amount)") // <- text/clipped-text
                .font(.headline)
                .frame(width: 70, height: 70)
            Text("Fits")
                .frame(height: 20)
                .minimumScaleFactor(0.5)
        }
    }
}
