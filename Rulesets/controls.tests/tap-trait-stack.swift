// swift-format-ignore-file
// A stack of an icon and texts made tappable with a TapGesture, and a row in a helper.
import SwiftUI

struct SettingsRows: View {
    @State private var expanded = false

    var body: some View {
        List {
            HStack { // <- controls/tap-trait
                Image(systemName: "bell")
                Text("Notifications")
                Spacer()
            }
            .contentShape(Rectangle())
            .gesture(TapGesture().onEnded { expanded.toggle() })
            row
        }
    }

    @ViewBuilder
    private var row: some View {
        VStack(alignment: .leading) { // <- controls/tap-trait
            Text("Storage")
            Text("12 GB used")
        }
        .onTapGesture(perform: { expanded.toggle() })
        Group { // <- controls/tap-trait
            Text("Manage these on the ") + Text("relays").bold() + Text(" screen")
        }
        .onTapGesture { expanded = true }
        HStack {
            Text("Privacy")
            Spacer()
        }
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isButton)
        .onTapGesture { expanded.toggle() }
    }
}
