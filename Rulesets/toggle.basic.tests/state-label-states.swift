import SwiftUI

struct SyncSettings: View {
    @State private var sync = false
    @State private var backup = true

    var body: some View {
        Form {
            Section("iCloud Sync") {
                Toggle("Enabled", isOn: $sync)  // <- toggle.basic/state-label
            }
            Toggle(isOn: $backup) {  // <- toggle.basic/state-label
                Text("On")
            }
        }
    }
}
