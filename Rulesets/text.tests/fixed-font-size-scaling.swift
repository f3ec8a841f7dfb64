// swift-format-ignore-file
// expect: nothing
// Text styles, sizes relative to a style, @ScaledMetric sizes, custom fonts (which scale with
// the body style), icons sized by a font, and text already twice the body size.
import SwiftUI

struct Dashboard: View {
    @ScaledMetric(relativeTo: .title) private var titleSize = 28.0

    var body: some View {
        VStack {
            Text("Today").font(.largeTitle)
            Text("Steps").font(.system(.headline, design: .rounded))
            Text("Goal").font(.system(size: titleSize))
            Text("Streak").font(.custom("Avenir Next", size: 17))
            Text("Note").font(.custom("Avenir Next", size: 12, relativeTo: .footnote))
            Image(systemName: "figure.walk").font(.system(size: 40))
            Label("Settings", systemImage: "gear")
                .labelStyle(.iconOnly)
                .font(.system(size: 20))
            Text("42").font(.system(size: 64, weight: .bold))
        }
    }
}
