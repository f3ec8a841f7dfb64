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

// A paged TabView draws no tab bar.
struct Carousel: View {
    var body: some View {
        TabView {
            Text("One").tabItem { Image(systemName: "circle") }
            Text("Two").tabItem { Image(systemName: "circle") }
        }
        .tabViewStyle(.page)
    }
}
