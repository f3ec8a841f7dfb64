Menu("Actions") {
  Button("Delete", role: .destructive, action: delete)
  Button("Share") {}
} primaryAction: {
  share()
}
.menuStyle(.borderlessButton)
