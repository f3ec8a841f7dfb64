// swift-format-ignore-file
// Pop-up pickers with empty labels: an empty title, and an EmptyView label.
import SwiftUI

struct ExportOptions: View {
    @State private var format = "PDF"
    @State private var quality = 2

    var body: some View {
        Form {
            Picker("", selection: $format) { // <- select.menu/picker-label
                Text("PDF").tag("PDF")
                Text("PNG").tag("PNG")
            }
            .pickerStyle(.menu)
            Picker(selection: $quality, label: EmptyView()) { // <- select.menu/picker-label
                Text("Draft").tag(1)
                Text("Best").tag(2)
            }
        }
    }
}
