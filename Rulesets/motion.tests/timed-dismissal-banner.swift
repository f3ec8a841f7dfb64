// swift-format-ignore-file
// A banner shown by a flag of the screen, taken away by a Timer started when it appears.
import SwiftUI

struct InboxScreen: View { // <- motion/timed-dismissal
    @State private var showBanner = true
    @State private var alertShown = false

    var body: some View {
        List {
            if showBanner {
                Text("3 new messages")
                    .onAppear {
                        Timer.scheduledTimer(withTimeInterval: 5, repeats: false) { _ in
                            self.showBanner = false
                        }
                    }
            }
        }
        .alert("Sync failed", isPresented: $alertShown) {
            Button("OK") {}
        }
        .onAppear {
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { alertShown = false }
        }
    }
}
