// swift-format-ignore-file
// A ZStack whose layers all get a priority, in a computed property.
import SwiftUI

struct Badge: View {
    var body: some View { layers }

    private var layers: some View {
        ZStack { // <- structure/sort-priority
            Circle().accessibilitySortPriority(0)
            Text("3").accessibilitySortPriority(2)
            Text("new").accessibilitySortPriority(1)
            Image(systemName: "bell")
        }
    }
}
