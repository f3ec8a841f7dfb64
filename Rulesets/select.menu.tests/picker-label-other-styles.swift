// swift-format-ignore-file
// Only pop-up pickers are select.menu: a segmented picker and a Picker inside a Menu are left
// alone, while a menu picker whose style is set on its Form is checked.
import SwiftUI

struct LibraryHeader: View {
    @State private var scope = 0
    @State private var sort = 0

    var body: some View {
        VStack {
            Picker("", selection: $scope) {
                Text("All").tag(0)
                Text("Unread").tag(1)
            }
            .pickerStyle(.segmented)
            Menu("Sort") {
                Picker("", selection: $sort) {
                    Text("Title").tag(0)
                    Text("Author").tag(1)
                }
                Button("Reverse Order") {}
            }
            Form {
                Picker("", selection: $sort) { // <- select.menu/picker-label
                    Text("Title").tag(0)
                    Text("Author").tag(1)
                }
            }
            .pickerStyle(.menu)
        }
    }
}
