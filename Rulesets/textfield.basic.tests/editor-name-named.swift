import SwiftUI
// expect: nothing

struct Feedback: View {
    @State private var text = ""
    let title: LocalizedStringKey

    var body: some View {
        Form {
            TextEditor(text: $text)
                .accessibilityLabel("Feedback")
                .onChange(of: text) { saveDraft() }
            TextEditor(text: $text).accessibilityLabel(title)
            FormField("Details") {
                TextEditor(text: $text)
            }
            LabeledContent("Notes") {
                TextEditor(text: $text)
            }
            HStack {
                Text("Bio")
                TextEditor(text: $text)
            }
            .accessibilityElement(children: .combine)
        }
    }
}
