// swift-format-ignore-file
// Every command sets the same property, in the styles a pattern over one line of text missed:
// a statement ended by a semicolon, a closure with an empty parameter list, `self.` on a
// property of a model.
import SwiftUI

struct SortMenu: View {
    @State private var sort = Sort.name
    @StateObject private var model = LibraryModel()

    var body: some View {
        Menu("Sort") { // <- menu.basic/use-select-menu
            Button("Name") { sort = .name; }
            Button("Date") { () in sort = .date }
            Button("Size") {
                sort =
                    .size
            }
        }
        Menu("Layout") { // <- menu.basic/use-select-menu
            Button("Grid") { self.model.layout = .grid }
            Button("List") { model.layout = .list }
        }
        Menu("Actions") {
            Button("Name") { sort = .name; reload() }
            Button("Refresh") { reload() }
            Button("Compare") { if sort == .name { reload() } }
        }
    }

    func reload() {}
}

enum Sort { case name, date, size }
final class LibraryModel: ObservableObject { @Published var layout = Layout.grid }
enum Layout { case grid, list }
