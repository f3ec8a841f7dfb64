// swift-format-ignore-file
import SwiftUI

// Calls the reader has no table entry for: closures are sorted by what their statements do.
struct Heuristics: View {
  @State private var flag = false

  var body: some View {
    CustomCard(title: "Card") {
      Text("Body")
    } footer: {
      Button("More") {}
    }
    .onCustomEvent { value in
      Text("\(value)")
    }
    .customModifier {
      flag.toggle()
    }
    .decorated { Image(systemName: "star") }
    Wrapper(menu: Menu("Inside") { Button("X") {} }, icon: Image(systemName: "gear"), tint: Color.red)
    RowBuilder(make: { index in
      print(index)
    })
    Group {
      if flag {
        Text("On")
      }
    }
    .transform { view in
      view.padding()
    }
    .onTapGesture {
      withAnimation { flag = false }
    }
  }
}
