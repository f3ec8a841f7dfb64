// swift-format-ignore-file
// expect: nothing
// Custom buttons that say what they are: the button or link trait, a named action, or the whole
// view replaced by a Button for assistive technologies.
import SwiftUI

struct Chip: View {
    let title: String
    var action: () -> Void = {}

    var body: some View {
        Text(title)
            .padding(8)
            .accessibilityAddTraits([.isButton])
            .onTapGesture(perform: action)
    }
}

#Preview {
    VStack {
        Chip(title: "Swift")
        Label("Open website", systemImage: "safari")
            .onTapGesture { print("tapped") }
            .accessibilityAddTraits(.isLink)
        Image(systemName: "info.circle")
            .accessibilityLabel("About")
            .accessibilityAction(named: "Show details") {}
            .onTapGesture { print("tapped") }
        HStack {
            Text("Remind me")
        }
        .accessibilityRepresentation { Button("Remind me") {} }
        .onTapGesture { print("tapped") }
    }
}
