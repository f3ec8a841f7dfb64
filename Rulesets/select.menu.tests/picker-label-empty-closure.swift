// swift-format-ignore-file
// An empty Text in a trailing label closure, with MenuPickerStyle(), in a #Preview.
import SwiftUI

#Preview {
    @Previewable @State var size = 1
    Picker(selection: $size) { // <- select.menu/picker-label
        Text("Small").tag(0)
        Text("Medium").tag(1)
        Text("Large").tag(2)
    } label: {
        Text("")
    }
    .pickerStyle(MenuPickerStyle())
}
