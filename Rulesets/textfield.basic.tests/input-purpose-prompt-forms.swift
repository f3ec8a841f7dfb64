// swift-format-ignore-file
// A prompt's words are read however the Text is written: from a bundle, or verbatim.
import SwiftUI

struct SignUpForm: View {
    @ObservedObject var model: SignUpModel
    let title: String

    var body: some View {
        VStack {
            TextField(text: $model.value, prompt: Text("Email address", bundle: .module)) {  // <- textfield.basic/input-purpose
                Text(title)
            }
            TextField(text: $model.other, prompt: Text(verbatim: "Nickname")) {
                Text(title)
            }
        }
    }
}
