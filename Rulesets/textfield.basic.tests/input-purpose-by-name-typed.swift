import SwiftUI
// expect: nothing

// Typed, or the value's name says nothing personal.
struct SignInView: View {
    @State private var email = ""
    @State private var password = ""
    @State private var server = ""
    let strings: Strings

    var body: some View {
        VStack {
            TextField(strings.emailTitle, text: $email)
                .textContentType(.username)
            SecureField(L10n.password, text: $password)
                .textContentType(.password)
            TextField(L10n.server, text: $server)
        }
    }
}
