// swift-format-ignore-file
// expect: nothing
// A small frame grown back to 44 pt or more inside the label, by constant paddings and frames,
// or by a padding whose size the code does not fix (the default padding, a computed one).
import SwiftUI

struct Toolbar: View {
    let spacing: CGFloat = 12

    var body: some View {
        HStack {
            Button { back() } label: {
                Image(systemName: "chevron.left")
                    .frame(width: 24, height: 24)
                    .padding(10)
            }
            Button { back() } label: { Image(systemName: "xmark").frame(width: 24, height: 24).padding() }
            Button(action: back) {
                Text("Share")
                    .frame(width: 30, height: 30)
                    .padding(spacing)
            }
            Button(action: back) {
                Text("Done")
                    .frame(width: 30, height: 30)
                    .frame(minWidth: 44, minHeight: 44)
                    .contentShape(Rectangle())
            }
            Button(action: back) {
                Text("Next")
                    .frame(height: 20)
                    .padding(.vertical, 12)
            }
        }
    }

    func back() {}
}
