struct Broken: View {
  var body: some View {
    VStack {
      Text("unterminated)
      Button(action: {) {
    }
  #if DEBUG
  Text("no endif")
