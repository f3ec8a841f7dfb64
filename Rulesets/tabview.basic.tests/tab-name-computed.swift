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

// The paged style written as a type draws no tab bar either.
struct Onboarding: View {
    var body: some View {
        TabView {
            Text("Welcome").tabItem { Image(systemName: "circle") }
            Text("Start").tabItem { Image(systemName: "circle") }
        }
        .tabViewStyle(PageTabViewStyle(indexDisplayMode: .never))
    }
}
