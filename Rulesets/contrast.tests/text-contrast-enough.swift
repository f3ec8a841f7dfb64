// swift-format-ignore-file
// expect: nothing
// Pairs that meet 4.5:1 (3:1 for a title) in light and dark appearance.
import SwiftUI

struct Banner: View {
    var body: some View {
        VStack {
            Text("Warning")
                .foregroundStyle(.black)
                .background(.orange)
            Text("Info")
                .foregroundColor(.white)
                .background(Color.indigo)
            Text("Welcome")
                .font(.largeTitle)
                .foregroundStyle(.white)
                .background(.blue)
        }
    }
}
