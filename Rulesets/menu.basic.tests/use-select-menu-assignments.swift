// swift-format-ignore-file
// expect: menu.basic/use-select-menu
// Every command sets the same property: a choice of one value dressed as commands.
import SwiftUI

struct GalleryHeader: View {
    @State private var columns = 3

    var body: some View {
        Menu("Columns") {
            Button("Two") { columns = 2 }
            Button("Three") { columns = 3 }
            Button("Four") {
                self.columns = 4
            }
        }
    }
}
