// swift-format-ignore-file
// #if conditions are evaluated per platform: code that is also built for iOS, iPadOS or
// watchOS is held to 44×44 pt, whatever other platforms the condition names.
import SwiftUI

struct PlayerControls: View {
    var body: some View {
        HStack {
            #if os(iOS) || os(macOS)
            Button { skip() } label: { // <- global/touch-target-size
                Image(systemName: "forward.fill")
                    .frame(width: 30, height: 30)
            }
            #endif
            #if !os(macOS)
            Button("Stop") { stop() } // <- global/touch-target-size
                .frame(width: 36, height: 36)
            #endif
            #if os(macOS)
            Text("Mac")
            #elseif os(watchOS) || (os(iOS) && !targetEnvironment(macCatalyst))
            Link(destination: URL(string: "https://example.com")!) { // <- global/touch-target-size
                Image(systemName: "info.circle").frame(width: 20, height: 20)
            }
            #endif
            #if DEBUG
            Button("Debug") { dump() }.frame(height: 20) // <- global/touch-target-size
            #endif
        }
    }

    func skip() {}
    func stop() {}
    func dump() {}
}
