import SwiftUI

struct SettingsRow: View {
    var body: some View {
        VStack {
            HStack {
                Image(systemName: "star.fill")  // <- image.basic/decorative-duplicate
                Text("Star")
            }
            HStack(spacing: 8) {
                Image(systemName: "gearshape").foregroundStyle(.secondary)  // <- image.basic/decorative-duplicate
                Text("Settings")
                Spacer()
            }
        }
    }
}
