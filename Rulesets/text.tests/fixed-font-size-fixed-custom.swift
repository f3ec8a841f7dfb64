// swift-format-ignore-file
// A custom font pinned with fixedSize:, in a view builder of an extension.
import SwiftUI

extension Text {
    func badge() -> some View {
        self.font(.custom("Menlo", fixedSize: 10))
    }
}

#Preview {
    VStack {
        Text("Beta") // <- text/fixed-font-size
            .font(.custom("Menlo", fixedSize: 10))
        Text("Relative")
            .font(.custom("Menlo", size: 13, relativeTo: .caption))
    }
}
