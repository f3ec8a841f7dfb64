import SwiftUI

struct SignInView: View {
    @State private var email = ""
    @State private var password = ""
    let strings: Strings

    var body: some View {
        VStack {
            TextField(strings.emailTitle, text: $email)  // <- textfield.basic/input-purpose-by-name
            // v textfield.basic/input-purpose-by-name
            SecureField(L10n.password, text: $password)
                .submitLabel(.go)
        }
    }
}
