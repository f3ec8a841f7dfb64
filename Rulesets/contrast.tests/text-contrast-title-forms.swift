// swift-format-ignore-file
// A title style is large text however the font is written (a variant, on Font, through
// .system(_:design:)): 3:1 is enough for it. The same pair in body text is not.
import SwiftUI

struct Headers: View {
    var body: some View {
        VStack {
            Text("Welcome")
                .font(.largeTitle.bold())
                .foregroundStyle(.white)
                .background(.blue)
            Text("Settings")
                .font(Font.title)
                .foregroundStyle(.white)
                .background(.blue)
            Text("Profile")
                .font(.system(.title2, design: .rounded))
                .foregroundStyle(.white)
                .background(.blue)
            Text("Details") // <- contrast/text-contrast
                .foregroundStyle(.white)
                .background(.blue)
        }
    }
}
