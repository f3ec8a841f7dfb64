// swift-format-ignore-file
Menu {
  Button("Duplicate") { duplicate() }
  Button("Delete", role: .destructive) { delete() }
} label: {
  Image(systemName: "ellipsis")
}
.accessibilityLabel("More")
