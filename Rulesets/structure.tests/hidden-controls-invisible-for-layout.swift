// swift-format-ignore-file
// expect: nothing
// A copy laid out only to reserve space: invisible (its opacity chosen at run time) and hidden
// from assistive technologies together, so nobody can reach its button either way.
import SwiftUI

struct KeyRow: View {
    let invisible: Bool

    var body: some View {
        HStack {
            Text("XXXX XXXX XXXX")
            Button("Copy") {}
        }
        .opacity(invisible ? 0 : 1)
        .accessibilityHidden(true)
    }
}
