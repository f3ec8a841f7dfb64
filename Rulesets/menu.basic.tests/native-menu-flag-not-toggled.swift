// swift-format-ignore-file
// expect: nothing
// A stack of buttons shown by a flag that no control opens (the app sets it when data loads):
// a state of the screen, not a menu.
import SwiftUI

struct RecoveryOptions: View {
    @State private var needsRecovery = false

    var body: some View {
        VStack {
            if needsRecovery {
                VStack {
                    Button("Restore Backup") { restore() }
                    Button("Start Over") { reset() }
                }
            }
        }
        .task { needsRecovery = await checkRecovery() }
    }

    func restore() {}
    func reset() {}
    func checkRecovery() async -> Bool { false }
}
