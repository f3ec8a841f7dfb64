// swift-format-ignore-file
var body: some View {
  NavigationStack {
    Menu("Options") {
      Button("Share") {}
    }
    .navigationTitle("Home")
  }
}
