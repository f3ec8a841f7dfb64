// swift-format-ignore-file
// expect: nothing
// A Picker built in a helper whose style is set where the helper is used: the helper's code
// does not say it is a pop-up, so it is left alone.
import SwiftUI

struct TabHeader: View {
    @State private var tab = 0

    var body: some View {
        tabPicker
            .pickerStyle(.segmented)
    }

    private var tabPicker: some View {
        Picker("", selection: $tab) {
            Image(systemName: "text.bubble").tag(0)
            Image(systemName: "photo").tag(1)
        }
    }
}
