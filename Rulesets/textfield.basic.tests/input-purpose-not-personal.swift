import SwiftUI
// expect: nothing

// Fields whose words name no personal data, a search, or a Mac-only form.
struct ServerForm: View {
    @State private var server = ""
    @State private var listName = ""
    @State private var query = ""
    @State private var token = ""
    @State private var name = ""

    var body: some View {
        Form {
            TextField("Server address", text: $server)
            TextField("List name", text: $listName)
            TextField("Search by email", text: $query)
            SecureField("API token", text: $token)
            TextField("Title", text: $name)
            #if os(macOS)
            TextField("Email", text: $query)
            #endif
        }
    }
}
