// swift-format-ignore-file
// expect: nothing
// Code built only for platforms without touch: tvOS (focus and a remote), macOS and Mac
// Catalyst (a pointer). Small controls there are not held to 44×44 pt.
import SwiftUI

struct RemoteControls: View {
    var body: some View {
        VStack {
            #if os(tvOS)
            Button { play() } label: {
                Image(systemName: "play.fill")
                    .frame(width: 30, height: 30)
            }
            #elseif os(macOS)
            Button("Refresh") { play() }
                .frame(width: 28, height: 22)
            #endif
            #if targetEnvironment(macCatalyst)
            Menu { Button("A") {} } label: { Image(systemName: "ellipsis").frame(width: 24, height: 24) }
            #endif
            #if os(iOS) && os(tvOS)
            Button("Never built") { play() }.frame(width: 10, height: 10)
            #endif
        }
    }

    func play() {}
}
