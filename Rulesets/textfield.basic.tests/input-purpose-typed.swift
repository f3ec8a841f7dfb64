import SwiftUI
// expect: nothing

struct LoginView: View {
    @State private var email = ""
    @State private var password = ""
    @State private var code = ""

    var body: some View {
        Form {
            TextField("Email", text: $email)
                .textContentType(.emailAddress)
                .onChange(of: email) { validate() }
            SecureField("Password", text: $password)
                .textContentType(.password)
            Section {
                TextField("Verification code", text: $code)
                TextField("Phone", text: $code)
            }
            .textContentType(.oneTimeCode)
        }
    }
}
