// swift-format-ignore-file
// expect: nothing
// macOS and tvOS have no Dynamic Type; a fixed size there is not held to it.
import SwiftUI

struct StatusBar: View {
    var body: some View {
        #if os(macOS)
        Text("Ready").font(.system(size: 11))
        #elseif os(tvOS)
        Text("Ready").font(.system(size: 29))
        #else
        Text("Ready").font(.caption)
        #endif
    }
}
