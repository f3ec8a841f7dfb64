import SwiftUI

struct Pager: View {
    var body: some View {
        HStack {
            // v image.basic/file-name
            Image(systemName: "chevron.right")
                .accessibilityLabel("chevron.right")
            Image(systemName: "square.and.arrow.up", label: Text("square.and.arrow.up"))  // <- image.basic/file-name
        }
    }
}
