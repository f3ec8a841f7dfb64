import SwiftUI
// expect: nothing

// An image inside a control or a combined element is not an element of its own; a hidden one
// is not announced at all; one named for what it shows is fine.
struct Row: View {
    var body: some View {
        HStack {
            Image(systemName: "bell", label: Text("Bell icon"))
                .accessibilityHidden(true)
            Button {
                ring()
            } label: {
                Label("Ring", systemImage: "bell")
            }
            HStack {
                Image("avatar").accessibilityLabel("Avatar image")
                Text("Avery Chen")
            }
            .accessibilityElement(children: .combine)
            Image("route", label: Text("Route to the office, 12 minutes"))
        }
    }
}
