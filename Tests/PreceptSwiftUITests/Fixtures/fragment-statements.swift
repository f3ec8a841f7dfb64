// swift-format-ignore-file
let items = ["Duplicate", "Rename"]
print(items)

Menu("Actions") {
  ForEach(items, id: \.self) { item in
    Button(item) {}
  }
}

if items.isEmpty {
  Text("Nothing")
}
