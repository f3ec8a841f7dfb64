import SwiftUI

struct ProfileHeader: View {
    let website: URL
    var body: some View {
        HStack {
            Link(destination: website) {  // <- names/control-name
                Image(systemName: "globe")
            }
            NavigationLink {  // <- names/control-name
                SettingsView()
            } label: {
                Image(systemName: "gearshape")
                    .font(.title2)
            }
            TextField("", text: .constant(""))  // <- names/control-name
        }
    }
}
