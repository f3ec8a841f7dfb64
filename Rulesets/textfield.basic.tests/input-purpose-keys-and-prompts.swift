import SwiftUI

struct ProfileEditor: View {
    @ObservedObject var model: ProfileModel

    var body: some View {
        VStack {
            // v textfield.basic/input-purpose-by-name
            TextField("profile.phone.title", text: $model.phoneNumber)
            TextField("profile.email.title", text: $model.email)
                .textContentType(.emailAddress)
            TextField(text: $model.first, prompt: Text("First name")) {  // <- textfield.basic/input-purpose
                Text("First name")
            }
            if model.showsAddress {
                TextField("Street address", text: $model.street).padding()  // <- textfield.basic/input-purpose
            }
        }
    }
}
