// swift-format-ignore-file
// Frames that grow with the text (minHeight), tall placeholders, text that shrinks to fit, and
// text fixed in size anyway (which text/fixed-font-size reports instead).
import SwiftUI

struct CoverPlaceholder: View {
    var body: some View {
        VStack {
            Text("No cover image")
                .frame(width: 350, height: 180)
            Text("Tap to add")
                .frame(minHeight: 44)
            Text("Queued")
                .frame(height: 18)
                .minimumScaleFactor(0.6)
            Text("Tiny") // <- text/fixed-font-size
                .font(.system(size: 9))
                .frame(height: 12)
        }
    }
}
