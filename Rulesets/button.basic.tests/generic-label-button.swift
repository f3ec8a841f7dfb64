// swift-format-ignore-file
// "Button" and "Here" as labels, in an extension's computed property.
import SwiftUI

struct Onboarding: View {
    var body: some View { footer }
}

extension Onboarding {
    var footer: some View {
        HStack {
            Button("Button", action: next) // <- button.basic/generic-label
            Button(action: skip) { Label("Here", systemImage: "arrow.right") } // <- button.basic/generic-label
        }
    }

    func next() {}
    func skip() {}
}
