// swift-format-ignore-file
// A checked state drawn with a trailing checkmark Image shown by an `if`.
import SwiftUI

struct ViewOptions: View {
    @State private var showsPreview = true
    @State private var showsSidebar = false

    var body: some View {
        Menu("View") {
            Button { // <- menu.basic/checkmark-image
                showsPreview.toggle()
            } label: {
                HStack {
                    Text("Show Preview")
                    Spacer()
                    if showsPreview {
                        Image(systemName: "checkmark")
                    }
                }
            }
            Button("Show Sidebar") { showsSidebar.toggle() }
        }
    }
}
