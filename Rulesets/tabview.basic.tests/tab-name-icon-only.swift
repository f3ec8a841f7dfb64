import SwiftUI

struct RootView: View {
    var body: some View {
        TabView {
            HomeView()  // <- tabview.basic/tab-name
                .tabItem { Image(systemName: "house") }
            SearchView()  // <- tabview.basic/tab-name
                .tabItem {
                    Image(systemName: "magnifyingglass")
                        .font(.title2)
                }
        }
    }
}
