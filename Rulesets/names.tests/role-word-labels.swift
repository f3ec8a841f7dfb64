import SwiftUI

struct Header: View {
    var body: some View {
        HStack {
            Image("chart")  // <- names/image-role-word
                .accessibilityLabel("Sales chart image")
            Image(systemName: "star.fill", label: Text("Favorite icon"))  // <- names/image-role-word
        }
    }
}
