import SwiftUI
// expect: nothing

// Names that say what images show; a control named for an icon it changes ("Change App
// Icon") is not an image.
struct Settings: View {
    var body: some View {
        List {
            Image("sales")
                .accessibilityLabel("Sales rose 20 percent in May")
            Image(systemName: "person.crop.circle", label: Text("Avery Chen"))
            Button("Change App Icon") { changeIcon() }
            Button("Copy Link") { copyLink() }
            Link("Terms of Service", destination: URL(string: "https://example.com/terms")!)
            Button {
                close()
            } label: {
                Image(systemName: "xmark")
            }
            .accessibilityLabel("Close")
        }
    }
}
