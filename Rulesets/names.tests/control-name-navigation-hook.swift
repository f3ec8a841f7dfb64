// swift-format-ignore-file
// A NavigationLink that draws nothing and follows a binding is a hook for navigation started by
// other code: VoiceOver cannot focus it, so it needs no name. One that draws an icon does.
import SwiftUI

struct Legal: View {
    @State private var showTerms = false
    @State private var shown: Int? = nil

    var body: some View {
        VStack {
            Button("Terms") { showTerms = true }
            NavigationLink(destination: Text("Terms of use"), isActive: $showTerms) {}
            NavigationLink("", destination: Text("Privacy"), isActive: $showTerms)
            NavigationLink(destination: Text("Credits"), tag: 1, selection: $shown) { EmptyView() }
            NavigationLink(destination: Text("Help"), isActive: $showTerms) { // <- names/control-name
                Image(systemName: "questionmark.circle")
            }
        }
    }
}
