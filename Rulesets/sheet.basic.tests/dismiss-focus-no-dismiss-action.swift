import SwiftUI
// expect: nothing

struct Settings: View {
    @FocusState private var nameFocused: Bool
    @State private var showsHelp = false

    var body: some View {
        Form {
            TextField("Display name", text: .constant(""))
                .focused($nameFocused)
        }
        .sheet(isPresented: $showsHelp) {
            HelpView()
        }
        .onAppear { nameFocused = true }
    }
}
