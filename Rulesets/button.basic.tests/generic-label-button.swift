// swift-format-ignore-file
// expect: button.basic/generic-label
// "Button" and "Here" as labels, in an extension's computed property.
import SwiftUI

struct Onboarding: View {
    var body: some View { footer }
}

extension Onboarding {
    var footer: some View {
        HStack {
            Button("Button", action: next)
            Button(action: skip) { Label("Here", systemImage: "arrow.right") }
        }
    }

    func next() {}
    func skip() {}
}
