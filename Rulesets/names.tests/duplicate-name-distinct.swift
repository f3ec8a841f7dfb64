import SwiftUI
// expect: nothing

// Different names, different branches, or separate containers.
struct Editor: View {
    let compact: Bool

    var body: some View {
        VStack {
            HStack {
                Button("Edit Address") { editAddress() }
                Button("Edit Phone") { editPhone() }
            }
            if compact {
                Button("Done") { finish() }
            } else {
                Button("Done") { finish() }
            }
            ViewThatFits {
                Button("Save Draft") { save() }
                Button("Save Draft") { save() }
            }
            Section("Address") { Button("Edit") { editAddress() } }
            Section("Phone") { Button("Edit") { editPhone() } }
        }
    }
}

struct Editor_Previews: PreviewProvider {
    static var previews: some View {
        VStack {
            Button("Primary") {}
            Button("Primary") {}.disabled(true)
        }
    }
}
