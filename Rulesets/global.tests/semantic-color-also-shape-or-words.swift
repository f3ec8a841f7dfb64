// swift-format-ignore-file
// expect: nothing
// The state also changes the symbol, appears in words next to the dot, or is spoken.
import SwiftUI

struct BuildStatus: View {
    let succeeded: Bool
    let isOnline: Bool

    var body: some View {
        VStack {
            Image(systemName: succeeded ? "checkmark.circle.fill" : "xmark.octagon.fill")
                .foregroundStyle(succeeded ? .green : .red)
            HStack {
                Circle().fill(isOnline ? Color.green : Color.gray)
                Text(isOnline ? "Online" : "Offline")
            }
            Capsule()
                .fill(succeeded ? .green : .red)
                .accessibilityValue(succeeded ? "Passed" : "Failed")
        }
    }
}
