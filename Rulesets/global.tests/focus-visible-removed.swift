// swift-format-ignore-file
// The focus effect is switched off and nothing draws focus instead.
import SwiftUI

struct TileGrid: View {
    let tiles: [String]

    var body: some View {
        LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
            ForEach(tiles, id: \.self) { tile in
                Button(tile) { open(tile) } // <- global/focus-visible
                    .buttonStyle(.plain)
                    .focusEffectDisabled()
            }
        }
    }

    func open(_ tile: String) {}
}
