// swift-format-ignore-file
// expect: nothing
// An element above the gesture offers the action, and drag and drop (which the system offers
// to VoiceOver) is not a path gesture.
import SwiftUI

struct Board: View {
    let cards = ["Plan", "Build"]

    var body: some View {
        HStack {
            ForEach(cards, id: \.self) { card in
                Text(card)
                    .draggable(card)
            }
            VStack {
                Circle()
                    .gesture(DragGesture().onChanged { _ in })
            }
            .accessibilityElement(children: .combine)
            .accessibilityAction(named: "Move to Done") {}
        }
    }
}
