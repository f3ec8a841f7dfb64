// swift-format-ignore-file
// A dial turned by a rotation gesture; the adjustable action beside it is on another view.
import SwiftUI

extension DialView {
    var dial: some View {
        Circle() // <- gestures/path-gesture-alternative
            .simultaneousGesture(RotateGesture().onChanged { angle = $0.rotation })
    }
}

struct DialView: View {
    @State var angle = Angle.zero

    var body: some View {
        VStack {
            dial
            Rectangle()
                .highPriorityGesture(DragGesture().onEnded { _ in angle = .zero })
                .accessibilityAdjustableAction { _ in angle = .zero }
        }
    }
}
