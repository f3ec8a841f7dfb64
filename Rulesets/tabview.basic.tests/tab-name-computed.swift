import SwiftUI
// expect: nothing

struct RootView: View {
    let tabs: [AppTab]

    var body: some View {
        TabView {
            ForEach(tabs) { tab in
                tab.view
                    .tabItem { tab.label }
            }
            ProfileView()
                .tabItem {
                    Image(systemName: "person")
                    Text(verbatim: profileName)
                }
        }
    }
}
