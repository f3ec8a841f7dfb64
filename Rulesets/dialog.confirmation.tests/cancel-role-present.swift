// swift-format-ignore-file
// expect: nothing
// Customizable: Cancel written out with role: .cancel, or left to the system.
import SwiftUI

struct ReportView: View {
    @State private var isReporting = false
    @State private var isLeaving = false

    var body: some View {
        VStack {
            Button("Report") { isReporting = true }
                .confirmationDialog("Report this post?", isPresented: $isReporting) {
                    Button("Report Spam") {}
                    Button("Report Abuse") {}
                    Button("Cancel", role: .cancel) {}
                }
            Button("Leave Group") { isLeaving = true }
                .confirmationDialog("Leave this group?", isPresented: $isLeaving) {
                    Button("Leave Group", role: .destructive) {}
                    Button(role: .cancel) {} label: { Text("Keep Editing") }
                }
        }
    }
}
