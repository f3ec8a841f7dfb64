// swift-format-ignore-file
// Views inside a custom container whose closure also calls the app's helpers, and inside an
// enum payload passed to a custom row, are read: their small controls are found.
import SwiftUI

struct InboxRow: View {
    var body: some View {
        SectionCard {
            sectionHeader("Inbox")
            Button { archive() } label: { // <- global/touch-target-size
                Image(systemName: "archivebox").frame(width: 22, height: 22)
            }
        }
        ListRow(kind: .custom {
            Button("Mute") { archive() }.frame(width: 40, height: 28) // <- global/touch-target-size
        })
    }

    func sectionHeader(_ title: String) -> some View { Text(title).font(.headline) }
    func archive() {}
}
