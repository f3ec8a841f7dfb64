// swift-format-ignore-file
// expect: nothing
// Black or white text on something of its own: a badge's colour, an asset colour, a material,
// a ZStack layer, an overlay on an image, a prominent button.
import SwiftUI

struct Inbox: View {
    var body: some View {
        List {
            Text("3").foregroundColor(.white).padding(4).background(Color.indigo, in: Capsule())
            Text("Brand").foregroundStyle(.white).background(Color("BrandBlue"))
            Text("Frosted").foregroundStyle(.black).background(.ultraThinMaterial)
            ZStack {
                LinearGradient(colors: [.purple, .blue], startPoint: .top, endPoint: .bottom)
                Text("Premium").foregroundColor(.white)
            }
            Image("cover").overlay(alignment: .bottom) { Text("Now playing").foregroundColor(.white) }
            Button { } label: { Text("Subscribe").foregroundStyle(.white) }
                .buttonStyle(.borderedProminent)
        }
        .navigationTitle("Inbox")
    }
}
