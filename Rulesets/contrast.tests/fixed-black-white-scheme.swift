// swift-format-ignore-file
// expect: nothing
// The view reads or pins its colour scheme, chooses by it, or is drawn where the source does
// not show (a card of the app's own, placed on a parent's background).
import SwiftUI

struct Player: View {
    var body: some View {
        NavigationStack {
            List { Text("Up next").foregroundColor(.white) }
        }
        .preferredColorScheme(.dark)
    }
}

struct Themed: View {
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        List {
            Text("Theme").foregroundColor(colorScheme == .dark ? .white : .black)
            Text("Always legible").foregroundColor(.black)
        }
    }
}

struct PromoCard: View {
    var body: some View {
        VStack {
            Text("Go Pro").foregroundStyle(.white)
            Text("Unlock every feature").foregroundStyle(.white)
        }
    }
}

struct Night: View {
    var body: some View {
        Form { Text("Dim").foregroundStyle(.white) }
            .environment(\.colorScheme, .dark)
    }
}
