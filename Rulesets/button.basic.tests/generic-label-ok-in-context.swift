// swift-format-ignore-file
// expect: nothing
// "OK" closes an alert and "Done" ends editing: conventional, specific enough labels.
import SwiftUI

struct SettingsForm: View {
    @State private var showsError = false

    var body: some View {
        Form {
            Button("Done") { finish() }
            Button("Save Changes") { save() }
        }
        .alert("Could not save", isPresented: $showsError) {
            Button("OK") {}
        }
    }

    func finish() {}
    func save() {}
}
