// swift-format-ignore-file
// expect: nothing
// The state is exposed another way: the control is disabled by the same condition, or text
// computed at run time sits in the same stack.
import SwiftUI

struct TaskControls: View {
    let isRunning: Bool
    let statusText: String
    let installed: Bool

    var body: some View {
        HStack {
            Button {
                stop()
            } label: {
                Image(systemName: "stop.fill")
                    .foregroundStyle(isRunning ? .red : .gray)
            }
            .accessibilityLabel("Stop")
            .disabled(!isRunning)
            Group {
                Circle().foregroundColor(installed ? .green : .red)
            }
            .frame(width: 10)
            Text(statusText)
        }
    }

    func stop() {}
}
