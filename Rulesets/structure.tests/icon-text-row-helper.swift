// swift-format-ignore-file
// A row built by a function, and one that is combined.
import SwiftUI

extension View {
    func metric(_ symbol: String, _ value: String) -> some View {
        HStack(spacing: 4) { // <- structure/icon-text-row
            Image(systemName: symbol)
            Text(value)
        }
    }
}

#Preview {
    HStack {
        Image(systemName: "eye")
        Text("1.2k")
    }
    .accessibilityElement(children: .combine)
}
