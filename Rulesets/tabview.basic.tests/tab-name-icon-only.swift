import SwiftUI

struct RootView: View {
    var body: some View {
        TabView {  // <- tabview.basic/tab-name
            HomeView()
                .tabItem { Image(systemName: "house") }
            SearchView()
                .tabItem {
                    Image(systemName: "magnifyingglass")
                        .font(.title2)
                }
        }
    }
}
