// swift-format-ignore-file
// Every command sets the same property: a choice of one value dressed as commands.
import SwiftUI

struct GalleryHeader: View {
    @State private var columns = 3

    var body: some View {
        Menu("Columns") { // <- menu.basic/use-select-menu
            Button("Two") { columns = 2 }
            Button("Three") { columns = 3 }
            Button("Four") {
                self.columns = 4
            }
        }
    }
}
