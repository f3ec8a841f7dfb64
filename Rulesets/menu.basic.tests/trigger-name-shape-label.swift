// swift-format-ignore-file
// A trigger drawn as a clear colour over a glyph (a larger hit area), and one drawn as a circle.
import SwiftUI

struct EventMenu: View {
    var body: some View {
        Label("", systemImage: "ellipsis")
            .overlay(
                Menu { // <- menu.basic/trigger-name
                    Button("Copy Link") {}
                    Button("Mute Thread") {}
                } label: {
                    Color.clear
                }
                .frame(width: 50, height: 44)
            )
    }
}

struct Swatch: View {
    var body: some View {
        Menu(content: { // <- menu.basic/trigger-name
            Button("Red") {}
            Button("Blue") {}
        }, label: { Circle().fill(.red).frame(width: 44, height: 44) })
        Menu {
            Button("Red") {}
            Button("Blue") {}
        } label: {
            Circle().fill(.blue)
        }
        .accessibilityLabel("Colour")
    }
}
