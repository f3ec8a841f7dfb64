// swift-format-ignore-file
// A favourite button whose only state is a filled star, in a toolbar helper.
import SwiftUI

struct EpisodeToolbar: ToolbarContent {
    @Binding var isFavorite: Bool
    @Binding var filtersOn: Bool

    var body: some ToolbarContent {
        ToolbarItem {
            Button { // <- controls/state-symbol
                isFavorite.toggle()
            } label: {
                Label("Favorite", systemImage: isFavorite ? "star.fill" : "star")
            }
        }
        ToolbarItem {
            // The fill says filters are on, but the button opens a sheet: not its state.
            Button {
                showFilters()
            } label: {
                Label("Filters", systemImage: filtersOn ? "line.3.horizontal.decrease.circle.fill" : "line.3.horizontal.decrease.circle")
            }
        }
    }

    func showFilters() {}
}
