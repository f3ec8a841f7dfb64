import SwiftUI

struct RootView: View {
    @State private var selection = 0

    var body: some View {
        TabView(selection: $selection) {  // <- tabview.basic/tab-name
            Tab(value: 0) {
                FeedView()
            } label: {
                Image(systemName: "newspaper")
            }
            ProfileView()
                .tabItem {  // (an Image with a label of its own names the tab)
                    Image(systemName: "person", label: Text("Profile"))
                }
            SettingsView()
                .tag(2)
                .tabItem { Image("tab-settings") }
        }
    }
}
