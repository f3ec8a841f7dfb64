// swift-format-ignore-file
// Sort priorities on most views of a stack: the reading order fights the layout.
import SwiftUI

struct ScoreCard: View {
    var body: some View {
        VStack { // <- structure/sort-priority
            Text("Score").accessibilitySortPriority(1)
            Text("42").accessibilitySortPriority(3)
            Text("Best 50").accessibilitySortPriority(2)
        }
        HStack {
            Text("Level")
            Text("7")
            Text("Next").accessibilitySortPriority(1)
        }
    }
}
