// swift-format-ignore-file
// expect: nothing
// Buttons shown by a condition that are not a faux menu: a horizontal edit bar, a block that
// depends on data, and a panel that mixes buttons with other content.
import SwiftUI

struct ProfileHeader: View {
    @State private var isEditing = false
    @State private var showDetails = false
    let user: User?

    var body: some View {
        VStack {
            Button(isEditing ? "Done" : "Edit") { isEditing.toggle() }
            if isEditing {
                HStack {
                    Button("Save") { save() }
                    Button("Discard Changes", role: .destructive) { discard() }
                }
            }
            if let user {
                VStack {
                    Button("Message \(user.name)") { message() }
                    Button("Follow") { follow() }
                }
            }
            Button("Details") { showDetails.toggle() }
            if showDetails {
                VStack {
                    Text("Joined in 2019")
                    Button("Report") { report() }
                    Button("Block") { block() }
                }
            }
        }
    }

    func save() {}
    func discard() {}
    func message() {}
    func follow() {}
    func report() {}
    func block() {}
}
