// swift-format-ignore-file
// expect: nothing
// Each gesture has an alternative: an adjustable action, a named action, a context menu, a
// zoom action, or it tracks the press of a control that is itself activated.
import SwiftUI

struct Scrubber: View {
    @State private var progress = 0.0

    var body: some View {
        VStack {
            Capsule()
                .gesture(DragGesture().onChanged { progress = $0.location.x })
                .accessibilityLabel("Position")
                .accessibilityValue("\(Int(progress)) seconds")
                .accessibilityAdjustableAction { direction in
                    progress += direction == .increment ? 10 : -10
                }
            Image("map", label: Text("Trail map"))
                .gesture(MagnifyGesture().onChanged { _ in })
                .accessibilityZoomAction { _ in }
            Text("Swipe to archive")
                .gesture(DragGesture().onEnded { _ in archive() })
                .accessibilityAction(named: "Archive") { archive() }
            Rectangle()
                .gesture(RotateGesture().onChanged { _ in })
                .contextMenu { Button("Reset rotation") {} }
            Button("Record") {}
                .simultaneousGesture(DragGesture(minimumDistance: 0).onChanged { _ in })
        }
    }

    func archive() {}
}
