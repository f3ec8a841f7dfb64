// swift-format-ignore-file
// A custom font fixed at a size twice the body's or more (fixedSize:) is as large as a fixed
// system size of the same points; a small one is still reported.
import SwiftUI

struct Scoreboard: View {
    var body: some View {
        VStack {
            Text("128").font(.custom("Menlo", fixedSize: 40))
            Text("points") // <- text/fixed-font-size
                .font(.custom("Menlo", fixedSize: 12))
        }
    }
}
