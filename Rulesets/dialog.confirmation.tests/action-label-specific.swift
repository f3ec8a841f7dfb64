// swift-format-ignore-file
// expect: nothing
// Customizable: several actions, each naming its result, with ForEach, and the title left to
// the system.
import SwiftUI

struct ShareSheet: View {
    @State private var isChoosing = false
    let destinations: [String]

    var body: some View {
        Button("Share Album") { isChoosing = true }
            .confirmationDialog("Share", isPresented: $isChoosing) {
                ForEach(destinations, id: \.self) { destination in
                    Button("Share to \(destination)") {}
                }
                Button("Copy Link") {}
                Button("Save Album to Files") {}
            }
    }
}
