// swift-format-ignore-file
// expect: menu.basic/command-label
// Image-only commands: Button(action:label:) with a system image, and an asset in a ForEach.
import SwiftUI

struct FormatMenu: View {
    let tools: [Tool]

    var body: some View {
        Menu("Format") {
            Button(action: bold, label: {
                Image(systemName: "bold")
            })
            ForEach(tools) { tool in
                Button {
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
