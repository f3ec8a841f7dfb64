import SwiftUI
// expect: nothing

// An image that is all a view, property or function draws is judged where it is used.
struct AppLogo: View {
    var body: some View {
        Image("logo")
    }
}

struct Header: View {
    let title: LocalizedStringKey

    var badge: some View {
        Image("badge")
    }

    // A helper's image is often a button's label where it is used.
    var likeLabel: some View {
        HStack {
            Image("like-outline")
            Text("12")
        }
    }

    var body: some View {
        VStack {
            AppLogo()
            badge
            Image("banner").accessibilityLabel(title)
            Image("photo", label: Text(title))
            Text("Welcome")
                .background(Image("paper-texture"))
        }
        .navigationTitle("Header")
    }
}
