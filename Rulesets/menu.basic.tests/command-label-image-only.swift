// swift-format-ignore-file
// Image-only commands: Button(action:label:) with a system image, and an asset in a ForEach.
import SwiftUI

struct FormatMenu: View {
    let tools: [Tool]

    var body: some View {
        Menu("Format") {
            Button(action: bold, label: { // <- menu.basic/command-label
                Image(systemName: "bold")
            })
            ForEach(tools) { tool in
                Button { // <- menu.basic/command-label
                    apply(tool)
                } label: {
                    Image("tool-icon")
                }
            }
        }
    }

    func bold() {}
    func apply(_ tool: Tool) {}
}
