// swift-format-ignore-file
// expect: nothing
// Image options named in a ForEach and with a label computed at run time.
import SwiftUI

struct IconSettings: View {
    @State private var icon = AppIcon.standard

    var body: some View {
        Form {
            Picker(selection: $icon) {
                ForEach(AppIcon.allCases) { icon in
                    Image(icon.assetName)
                        .accessibilityLabel(icon.displayName)
                        .tag(icon)
                }
            } label: {
                Text("App Icon")
            }
        }
    }
}
