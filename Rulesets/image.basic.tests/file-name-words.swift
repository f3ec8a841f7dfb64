import SwiftUI
// expect: nothing

struct Pager: View {
    let page: Int

    var body: some View {
        HStack {
            Image(systemName: "chevron.right").accessibilityLabel("Next page")
            Image("chart", label: Text("Sales by month"))
            Image("map").accessibilityLabel("Route to Berlin, 3.5 km")
            Image("img_23").accessibilityLabel("Page \(page)")
            Image(systemName: "envelope").accessibilityLabel("E-mail")
        }
    }
}

// A word joined by underscores without a number may be a localization key.
struct Keyed: View {
    var body: some View {
        Image(systemName: "xmark").accessibilityLabel("close_button")
    }
}
