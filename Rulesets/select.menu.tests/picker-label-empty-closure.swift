// swift-format-ignore-file
// expect: select.menu/picker-label
// An empty Text in a trailing label closure, with MenuPickerStyle(), in a #Preview.
import SwiftUI

#Preview {
    @Previewable @State var size = 1
    Picker(selection: $size) {
        Text("Small").tag(0)
        Text("Medium").tag(1)
        Text("Large").tag(2)
    } label: {
        Text("")
    }
    .pickerStyle(MenuPickerStyle())
}
