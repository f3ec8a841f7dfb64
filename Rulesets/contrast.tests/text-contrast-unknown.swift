// swift-format-ignore-file
// expect: nothing
// Colours the source cannot judge: asset-catalogue and adaptive colours, an opacity, a
// material, a ZStack that draws other content behind the words; and enough contrast in black on white.
import SwiftUI

struct Cards: View {
    var body: some View {
        VStack {
            Text("Brand").foregroundStyle(.white).background(Color("BrandPurple"))
            Text("Soft").foregroundStyle(.white).background(Color.red.opacity(0.2))
            Text("Glass").foregroundStyle(.white).background(.ultraThinMaterial)
            Text("Adaptive").foregroundStyle(.primary).background(.yellow)
            ZStack {
                Image("photo")
                Text("Caption").foregroundStyle(.white)
            }
            .background(.yellow)
            Text("Plain").foregroundStyle(.black).background(.white)
        }
    }
}
