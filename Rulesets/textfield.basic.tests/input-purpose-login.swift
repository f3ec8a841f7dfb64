import SwiftUI

struct LoginView: View {
    @State private var email = ""
    @State private var password = ""
    @State private var code = ""

    var body: some View {
        Form {
            TextField("Email", text: $email)  // <- textfield.basic/input-purpose
                .keyboardType(.emailAddress)
            SecureField("Password", text: $password)  // <- textfield.basic/input-purpose
            TextField("Verification code", text: $code)  // <- textfield.basic/input-purpose
        }
    }
}
