// swift-format-ignore-file
// expect: nothing
// A style of the app's own given as a static member (.pill), set once on a stack, and a label
// coloured by the app: the keyboard and contrast items are asked for the view, once. Buttons
// in the system's glass style ask for neither.
import SwiftUI

struct PillStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label.padding(10).background(Capsule().fill(.green))
    }
}

extension ButtonStyle where Self == PillStyle {
    static var pill: PillStyle { PillStyle() }
}

struct Onboarding: View {
    var body: some View {
        VStack {
            Button("Continue") {}
            Button {} label: {
                Text("Skip").foregroundColor(.gray)
            }
        }
        .buttonStyle(.pill)
    }
}

struct Toolbar: View {
    var body: some View {
        HStack {
            Button("Done") {}
            Button("Cancel") {}
        }
        .buttonStyle(.glass)
    }
}
