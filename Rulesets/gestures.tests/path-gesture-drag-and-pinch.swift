// swift-format-ignore-file
// A custom slider driven by a drag, and a photo zoomed by a pinch, with no other way to do it.
import SwiftUI

struct VolumeBar: View {
    @State private var level = 0.5

    var body: some View {
        GeometryReader { geometry in
            Capsule() // <- gestures/path-gesture-alternative
                .fill(.gray)
                .gesture(DragGesture().onChanged { value in
                    level = value.location.x / geometry.size.width
                })
        }
    }
}

struct PhotoViewer: View {
    @State private var scale = 1.0

    var body: some View {
        Image("photo", label: Text("Harbour at dawn")) // <- gestures/path-gesture-alternative
            .scaleEffect(scale)
            .gesture(
                MagnifyGesture()
                    .onChanged { scale = $0.magnification }
            )
    }
}
