// swift-format-ignore-file
// expect: select.menu/picker-label
// Pop-up pickers with empty labels: an empty title, and an EmptyView label.
import SwiftUI

struct ExportOptions: View {
    @State private var format = "PDF"
    @State private var quality = 2

    var body: some View {
        Form {
            Picker("", selection: $format) {
                Text("PDF").tag("PDF")
                Text("PNG").tag("PNG")
            }
            .pickerStyle(.menu)
            Picker(selection: $quality, label: EmptyView()) {
                Text("Draft").tag(1)
                Text("Best").tag(2)
            }
        }
    }
}
