// swift-format-ignore-file
import SwiftUI

struct Arguments: View {
  let name: String
  var count = 3

  var body: some View {
    VStack(alignment: .leading, spacing: -4.5) {
      Text("Plain \"quoted\" text\twith tab")
      Text("Hello, \(name)! You have \(count + 1) items: \("nested \(count)")")
      Text(#"Raw \n stays, \#(name) interpolates, "quotes" too"#)
      Text("""
        First line
          indented "line"
        joined \
        line
        Hello, \(name)
        """)
      Text("Unicode \u{1F600} é")
      Image(systemName: "star.fill")
        .imageScale(.large)
        .font(.system(size: 12, weight: .bold))
        .frame(width: 0x10, height: 1_000, alignment: .center)
        .opacity(0.25)
        .rotationEffect(.degrees(-45))
        .hidden(false)
        .environment(\.locale, Locale(identifier: "fr"))
        .tag(nil as Int?)
      Toggle(isOn: .constant(true)) { Text("On") }
      Text(verbatim: name).lineLimit(count > 2 ? 2 : nil)
    }
  }
}
