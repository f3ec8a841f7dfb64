// swift-format-ignore-file
// A header whose height matches a button beside it.
import SwiftUI

extension CommentsView {
    var header: some View {
        HStack {
            Text("Comments") // <- text/clipped-text
                .font(.title2)
                .frame(maxWidth: .infinity, alignment: .leading)
                .frame(height: 52, alignment: .center)
            Text("Sort")
                .frame(height: 30)
                .fixedSize()
        }
    }
}

struct CommentsView: View {
    var body: some View { header }
}
