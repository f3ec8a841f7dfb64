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

// One name in two stacks of a gallery: each stack holds one.
struct Gallery: View {
    var body: some View {
        VStack {
            HStack { Button("Primary") {} }
            HStack { Button("Primary") {}.disabled(true) }
        }
    }
}
