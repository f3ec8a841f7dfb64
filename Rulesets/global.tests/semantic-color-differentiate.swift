// swift-format-ignore-file
// expect: nothing
// A variant for Differentiate Without Color, and a combined element that speaks the state;
// colours that only emphasise (primary, secondary) are not states.
import SwiftUI

struct UptimeBar: View {
    @Environment(\.accessibilityDifferentiateWithoutColor) private var differentiateWithoutColor
    let up: Bool

    var body: some View {
        Rectangle()
            .fill(up ? .green : .red)
            .overlay {
                if differentiateWithoutColor {
                    Image(systemName: up ? "arrow.up" : "arrow.down")
                }
            }
    }
}

struct Indicator: View {
    let healthy: Bool
    let selected: Bool

    var body: some View {
        HStack {
            Ellipse().fill(healthy ? Color.green : Color.orange)
            Image(systemName: "star").foregroundStyle(selected ? .primary : .secondary)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(healthy ? "Healthy" : "Degraded")
    }
}
