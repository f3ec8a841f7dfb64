// swift-format-ignore-file
// A toast that closes itself after three seconds, and a sheet that dismisses itself after a pause.
import SwiftUI

struct SavedToast: View { // <- motion/timed-dismissal
    @Binding var isShowing: Bool

    var body: some View {
        Text("Draft saved")
            .padding()
            .onAppear {
                DispatchQueue.main.asyncAfter(deadline: .now() + 3) {
                    withAnimation { isShowing = false }
                }
            }
    }
}

struct WelcomeSheet: View { // <- motion/timed-dismissal
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack {
            Text("Welcome back")
            Text("Your library is up to date.")
        }
        .task {
            try? await Task.sleep(for: .seconds(4))
            dismiss()
        }
    }
}
