// swift-format-ignore-file
// expect: nothing
// Fields with a frame, a font and a style of the app's own: a person checks that they grow with
// Dynamic Type, and that Tab moves between them (review items, once for the view).
import SwiftUI

struct Login: View {
    @State private var user = ""
    @State private var password = ""

    var body: some View {
        VStack {
            TextField("User name", text: $user)
                .font(.system(size: 15))
                .frame(height: 36)
                .textContentType(.username)
            SecureField("Password", text: $password)
                .textFieldStyle(RoundedFieldStyle())
                .textContentType(.password)
        }
    }
}
