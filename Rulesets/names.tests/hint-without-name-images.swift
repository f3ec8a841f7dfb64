import SwiftUI

struct StatusBar: View {
    var body: some View {
        HStack {
            Image(systemName: "icloud.slash")  // <- names/hint-without-name
                .accessibilityHint("Changes will sync when you are online")
            Image(systemName: "lock.fill").help("Encrypted")  // <- names/hint-without-name
            Image(systemName: "bolt").accessibilityLabel("Fast charging").help("Charging at 30 W")
        }
    }
}
