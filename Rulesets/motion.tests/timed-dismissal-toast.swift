// swift-format-ignore-file
// A toast that closes itself after three seconds, and a sheet that dismisses itself after a pause.
import SwiftUI

struct SavedToast: View {
    @Binding var isShowing: Bool

    var body: some View {
        Text("Draft saved") // <- motion/timed-dismissal
            .padding()
            .onAppear {
                DispatchQueue.main.asyncAfter(deadline: .now() + 3) {
                    withAnimation { isShowing = false }
                }
            }
    }
}

struct WelcomeSheet: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack { // <- motion/timed-dismissal
            Text("Welcome back")
            Text("Your library is up to date.")
        }
        .task {
            try? await Task.sleep(for: .seconds(4))
            dismiss()
        }
    }
}
