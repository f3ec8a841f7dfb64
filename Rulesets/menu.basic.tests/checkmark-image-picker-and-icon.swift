// swift-format-ignore-file
// expect: nothing
// A Picker and a Toggle draw the checked state; a checkmark that is simply the icon of a
// command ("Mark as Done") is not a state.
import SwiftUI

struct TaskMenu: View {
    @State private var priority = 1
    @State private var isPinned = false

    var body: some View {
        Menu("Task") {
            Button("Mark as Done", systemImage: "checkmark") { complete() }
            Toggle("Pinned", isOn: $isPinned)
            Picker("Priority", selection: $priority) {
                Text("Low").tag(0)
                Text("Normal").tag(1)
                Text("High").tag(2)
            }
        }
    }

    func complete() {}
}
