import SwiftUI

struct ContactCard: View {
    var body: some View {
        VStack {
            HStack {
                Text("Address")
                Button("Edit") { editAddress() }
                Text("Phone")
                Button("Edit") { editPhone() }  // <- names/duplicate-name
            }
            HStack {
                Button { share() } label: { Image(systemName: "square.and.arrow.up") }
                    .accessibilityLabel("Share")
                Button { shareLink() } label: { Image(systemName: "link") }  // <- names/duplicate-name
                    .accessibilityLabel("share")
            }
        }
    }
}
