// swift-format-ignore-file
// expect: nothing
// An icon with a name of its own says something by itself; rows of texts only are not icon rows.
import SwiftUI

#Preview {
    HStack {
        Image(systemName: "exclamationmark.triangle")
            .accessibilityLabel("Warning")
        Text("Low storage")
    }
    HStack {
        Image(systemName: "wifi")
        Text("Connected")
    }
    .accessibilityElement(children: .ignore)
    .accessibilityLabel("Wi-Fi connected")
}
