// swift-format-ignore-file
// expect: nothing
// A stack that lets its texts shrink, and a frame with only a width.
import SwiftUI

#Preview {
    HStack {
        Text("Monday")
            .frame(height: 24)
        Text("Tuesday")
            .frame(width: 80)
    }
    .minimumScaleFactor(0.7)
}
