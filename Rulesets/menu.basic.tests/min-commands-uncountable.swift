// swift-format-ignore-file
// expect: nothing
// Content that cannot be counted from the source (ForEach, if, a view of the app's own), and a
// menu with a primary action, are left alone; so are a menu with no content in the source
// (filled at run time) and a Menu drawn only for VoiceOver.
import SwiftUI

struct Bookmarks: View {
    let folders: [Folder]
    let canEdit: Bool

    var body: some View {
        VStack {
            Menu("Folders") {
                ForEach(folders) { folder in
                    Button(folder.name) { open(folder) }
                }
            }
            Menu("Edit") {
                if canEdit {
                    Button("Rename Folder") {}
                }
                EditCommands()
            }
            Menu("Add") {
                Button("Add Bookmark") {}
            } primaryAction: {
                addQuickly()
            }
            // Filled with an NSMenu at run time.
            Menu("Open Recent") { }
            Text("Bookmarks")
                .accessibilityRepresentation {
                    Menu("Bookmarks") {}
                }
        }
    }

    func open(_ folder: Folder) {}
    func addQuickly() {}
}

// A menu style re-creates the menu from its configuration: the commands are the caller's.
struct CompactMenuStyle: MenuStyle {
    func makeBody(configuration: Configuration) -> some View {
        Menu(configuration)
            .menuStyle(.borderlessButton)
    }
}
