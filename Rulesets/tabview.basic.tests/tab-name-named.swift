import SwiftUI
// expect: nothing

struct RootView: View {
    let title: LocalizedStringKey

    var body: some View {
        TabView {
            HomeView()
                .tabItem { Label("Home", systemImage: "house") }
            SearchView()
                .tabItem {
                    Image(systemName: "magnifyingglass")
                    Text("Search")
                }
            InboxView()
                .tabItem { Label(title, systemImage: "tray") }
            Tab("Settings", systemImage: "gearshape") {
                SettingsView()
            }
        }
    }
}
