// swift-format-ignore-file
// A focus state bound to a view and never set: VoiceOver focus never moves there.
import SwiftUI

struct Verification: View { // <- structure/focus-never-set
    let model: VerificationModel
    @AccessibilityFocusState private var titleFocused: Bool

    var body: some View {
        VStack {
            Text("Compare the emoji")
                .font(.title)
                .accessibilityFocused($titleFocused)
            Button("They match") { model.confirm() }
        }
    }
}
