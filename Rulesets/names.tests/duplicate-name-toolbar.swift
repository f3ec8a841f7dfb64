import SwiftUI

struct Editor: View {
    @State private var on = false

    var body: some View {
        Form {
            Section {
                Toggle("Enabled", isOn: $on)
                // v names/duplicate-name
                Toggle("Enabled", isOn: $on)
            }
        }
    }
}
