// swift-format-ignore-file
// expect: nothing
// A toast that stays while VoiceOver runs, a loading indicator hidden when the wait is over,
// and a hover card that the pointer keeps open.
import SwiftUI

struct UndoToast: View {
    @Environment(\.accessibilityVoiceOverEnabled) private var voiceOverEnabled
    @Binding var isPresented: Bool

    var body: some View {
        Text("Message archived")
            .task {
                guard !voiceOverEnabled else { return }
                try? await Task.sleep(for: .seconds(4))
                isPresented = false
            }
    }
}

struct LoadingOverlay: View {
    @Binding var isPresented: Bool

    var body: some View {
        VStack {
            ProgressView()
            Text("Loading feed…")
        }
        .onAppear {
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { isPresented = false }
        }
    }
}

struct ProfileHoverCard: View {
    @Binding var showPopup: Bool
    @State private var hovering = false

    var body: some View {
        Text("Profile")
            .onHover { hovering = $0 }
            .onAppear {
                DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
                    if !hovering { showPopup = false }
                }
            }
    }
}
