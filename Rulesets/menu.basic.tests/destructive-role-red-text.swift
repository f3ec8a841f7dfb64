// swift-format-ignore-file
// Destructive commands marked only by red: .foregroundStyle(.red), .foregroundColor(.red) on
// the label text, and .tint(.red), in an extension's computed property.
import SwiftUI

struct AccountView: View {
    var body: some View {
        accountMenu
    }
}

extension AccountView {
    var accountMenu: some View {
        Menu("Account") {
            Button("Edit Profile") {}
            Button("Sign Out") { signOut() } // <- menu.basic/destructive-role
                .foregroundStyle(.red)
            Button { // <- menu.basic/destructive-role
                closeAccount()
            } label: {
                Text("Close Account")
                    .foregroundColor(.red)
            }
            Button("Reset Settings") { reset() } // <- menu.basic/destructive-role
                .tint(Color.red)
        }
    }

    func signOut() {}
    func closeAccount() {}
    func reset() {}
}
