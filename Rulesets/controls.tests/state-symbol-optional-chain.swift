// swift-format-ignore-file
// Conditions that read an optional (`task?.isDone`, `a ?? b`) have more than one "?": the
// ternary is still read as a choice between two state symbols, and a label chosen by the same
// condition still says the state. A filled pair is a state when the action changes it, also
// inside a `do` block.
import SwiftUI

struct TaskRow: View {
    @State private var task: TaskItem? = nil

    var body: some View {
        VStack {
            Button(action: { task?.isDone.toggle() }) { // <- controls/state-symbol
                Image(systemName: task?.isDone ?? false ? "checkmark.circle.fill" : "circle")
            }
            Button(action: { task?.isDone.toggle() }) {
                Label(task?.isDone ?? false ? "Done" : "To do",
                      systemImage: task?.isDone ?? false ? "checkmark.circle.fill" : "circle")
            }
        }
    }
}

// A filled symbol follows a state the action changes inside a `do` block, whose statements are
// read from their text.
struct StarButton: View {
    @State private var starred = false

    var body: some View {
        Button { // <- controls/state-symbol
            Task {
                do {
                    try await Task.sleep(nanoseconds: 1)
                    starred.toggle()
                } catch {}
            }
        } label: {
            Image(systemName: starred ? "star.fill" : "star")
        }
    }
}

struct TaskItem {
    var isDone = false
}
