// swift-format-ignore-file
// expect: nothing
// Hidden decoration, a hidden view that is invisible too, hiding chosen at run time, and a sheet
// presented from a hidden view (not hidden with it).
import SwiftUI

struct Card: View {
    @State private var showsSheet = false
    let collapsed: Bool

    var body: some View {
        VStack {
            HStack {
                Image(systemName: "sparkles")
                Divider()
            }
            .accessibilityHidden(true)
            Button("Hidden shortcut") {}
                .keyboardShortcut("k")
                .opacity(0)
                .accessibilityHidden(true)
            HStack {
                Button("More") {}
            }
            .accessibilityHidden(collapsed)
            Image("background")
                .accessibilityHidden(true)
                .sheet(isPresented: $showsSheet) {
                    Button("Close") { showsSheet = false }
                }
        }
    }
}
