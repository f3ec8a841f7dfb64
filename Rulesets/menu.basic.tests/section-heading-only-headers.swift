// swift-format-ignore-file
// Two sections whose commands have the same titles: only the headers tell them apart.
import SwiftUI

struct LayoutMenu: View {
    @State private var sort = "name"
    @State private var group = "none"

    var body: some View {
        Menu {
            Section("Sort By") { // <- menu.basic/section-heading
                Button("Name") { sort = "name" }
                Button("Date") { sort = "date" }
            }
            Section("Group By") { // <- menu.basic/section-heading
                Button("Name") { group = "name" }
                Button("Kind") { group = "kind" }
            }
        } label: {
            Label("Layout", systemImage: "rectangle.grid.1x2")
        }
    }
}
