import SwiftUI
// expect: nothing

// The icon adds something, is hidden, or the row speaks as one.
struct StatusRow: View {
    let minutes: Int

    var body: some View {
        VStack {
            HStack {
                Image(systemName: "clock")
                Text("Updated")
            }
            HStack {
                Image(systemName: "star.fill").accessibilityHidden(true)
                Text("Star")
            }
            HStack {
                Image(systemName: "gearshape")
                Text("Settings")
            }
            .accessibilityElement(children: .combine)
            Label("Settings", systemImage: "gearshape")
            VStack {
                Image(systemName: "star.fill")
                Text("Thanks for subscribing: you get a star badge on your profile.")
            }
        }
    }
}
