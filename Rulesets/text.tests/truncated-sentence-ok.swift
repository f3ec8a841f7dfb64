// swift-format-ignore-file
// expect: nothing
// Short labels on one line, sentences that may shrink or wrap, and a title on macOS.
import SwiftUI

struct Cells: View {
    let userName: String

    var body: some View {
        VStack {
            Text("Inbox").lineLimit(1)
            Text("Two words").lineLimit(1)
            Text("A sentence that may shrink to fit").lineLimit(1).minimumScaleFactor(0.5)
            Text("A sentence that wraps onto more lines").lineLimit(3)
            Text(userName).lineLimit(1)
            Text("Reported by \(userName) today").lineLimit(1)
        }
    }
}

#if os(macOS)
struct MacCell: View {
    var body: some View {
        Text("A long sentence in a Mac table cell").lineLimit(1)
    }
}
#endif
