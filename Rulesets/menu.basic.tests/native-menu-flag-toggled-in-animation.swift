// swift-format-ignore-file
// The flag is turned on inside withAnimation, through self, over several lines; a flag that
// is only ever turned off is not a trigger.
import SwiftUI

struct PlayerControls: View {
    @State private var showOptions = false
    @State private var showHelp = true

    var body: some View {
        VStack {
            Image(systemName: "ellipsis.circle")
                .onTapGesture {
                    withAnimation(.easeInOut(duration: 0.2)) {
                        self.showOptions.toggle()
                    }
                }
            if showOptions { // <- menu.basic/native-menu
                VStack {
                    Button("Speed") { speed() }
                    Button("Quality") { quality() }
                }
            }
            Button("Got it") { withAnimation { showHelp = false } }
            if self.showHelp {
                VStack {
                    Button("Show Tips") { tips() }
                    Button("Contact Us") { contact() }
                }
            }
        }
    }

    func speed() {}
    func quality() {}
    func tips() {}
    func contact() {}
}
