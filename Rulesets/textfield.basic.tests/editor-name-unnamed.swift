import SwiftUI

struct NoteEditor: View {
    @Binding var note: String

    var body: some View {
        VStack(alignment: .leading) {
            Text("Notes")
            TextEditor(text: $note)  // <- textfield.basic/editor-name
                .frame(minHeight: 120)
        }
    }
}
