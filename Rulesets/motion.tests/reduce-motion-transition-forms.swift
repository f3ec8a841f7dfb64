// swift-format-ignore-file
// Moving transitions however they are written: a push combined with a fade, a slide combined
// with a scale, a move from an edge held in a property. A fade or a zoom alone is fine.
import SwiftUI

struct FilterPills: View {
    let filters: [String]
    let edge: Edge = .leading

    var body: some View {
        HStack {
            ForEach(filters, id: \.self) { filter in
                Text(filter) // <- motion/reduce-motion
                    .transition(.push(from: .leading).combined(with: .opacity))
            }
            Text("More") // <- motion/reduce-motion
                .transition(.slide.combined(with: .scale))
            Text("Less") // <- motion/reduce-motion
                .transition(.move(edge: edge))
            Text("Done")
                .transition(.opacity.combined(with: .scale))
        }
    }
}
