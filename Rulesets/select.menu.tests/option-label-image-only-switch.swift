// swift-format-ignore-file
// Image-only options chosen by a switch inside a ForEach, with the picker in a computed property.
import SwiftUI

struct AlignmentSettings: View {
    @State private var alignment = TextAlignment.leading

    var body: some View {
        Form { alignmentPicker }
    }

    private var alignmentPicker: some View {
        Picker("Alignment", selection: $alignment) {
            ForEach([TextAlignment.leading, .center, .trailing], id: \.self) { value in
                switch value {
                case .leading:
                    Image(systemName: "text.alignleft").tag(value) // <- select.menu/option-label
                case .center:
                    Image(systemName: "text.aligncenter").tag(value) // <- select.menu/option-label
                default:
                    Image(systemName: "text.alignright").tag(value) // <- select.menu/option-label
                }
            }
        }
        .pickerStyle(.menu)
    }
}
