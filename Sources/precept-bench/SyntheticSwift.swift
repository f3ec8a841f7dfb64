import Precept

/// Deterministic SwiftUI source for the lint figures: screens written the way apps write them
/// (state properties, navigation, lists, menus with label closures, toolbars, sheets, helper
/// properties and functions, `if`/`ForEach`, modifier chains, comments and interpolated
/// strings), so the reader and the rules meet the constructs they meet in real code.
enum SyntheticSwift {
  /// `count` files of about 150 lines each.
  static func files(count: Int, seed: UInt64 = 7) -> [(name: String, text: String)] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { index in ("Screen\(index).swift", screen(index, &random)) }
  }

  private static let nouns = ["Pin", "Route", "Photo", "Note", "Trip", "Place", "Folder", "Tag", "Message", "Draft"]
  private static let verbs = ["Duplicate", "Rename", "Share", "Move", "Archive", "Pin", "Export", "Favorite"]
  private static let symbols = ["ellipsis", "ellipsis.circle", "plus", "square.and.arrow.up", "trash", "gear", "star"]

  private static func screen(_ index: Int, _ random: inout SplitMix64) -> String {
    let noun = random.pick(nouns)
    var lines: [String] = [
      "import SwiftUI",
      "",
      "/// Shows the \(noun.lowercased())s of screen \(index) and what can be done with them.",
      "struct \(noun)Screen\(index): View {",
      "  @State private var items: [\(noun)] = []",
      "  @State private var isPresented = false",
      "  @State private var query = \"\"",
      "  @Environment(\\.dismiss) private var dismiss",
      "  let title: String",
      "",
      "  var body: some View {",
      "    NavigationStack {",
      "      List {",
      "        ForEach(items) { item in",
      "          row(item)",
      "            .swipeActions {",
      "              Button(\"Delete\", role: .destructive) { delete(item) }",
      "            }",
      "        }",
      "        Section(header: Text(\"Recent\")) {",
    ]
    for row in 0..<3 {
      lines += [
        "          HStack(spacing: \(8 + row * 2)) {",
        "            Image(systemName: \"\(random.pick(symbols))\")",
        "              .foregroundStyle(.secondary)",
        "            Text(\"\\(title) \(row)\")",
        "              .font(.headline)",
        "          }",
      ]
    }
    lines += [
      "        }",
      "      }",
      "      .searchable(text: $query)",
      "      .navigationTitle(title)",
      "      .toolbar {",
      "        ToolbarItem(placement: .primaryAction) {",
    ]
    if random.chance(50) {
      lines += [
        "          Menu {",
        "            Button(\"\(random.pick(verbs))\") { perform() }",
        "            Button(\"\(random.pick(verbs))\") { perform() }",
        "            Button(\"Delete \(noun)\", role: .destructive) { perform() }",
        "          } label: {",
        "            Image(systemName: \"ellipsis.circle\")",
        "          }",
        random.chance(70) ? "          .accessibilityLabel(\"\(noun) options\")" : "          // TODO: name this menu",
      ]
    } else {
      lines += [
        "          Menu(\"Actions\") {",
        "            Button(\"\(random.pick(verbs))\", action: perform)",
        "            Button(\"\(random.pick(verbs))\", action: perform)",
        "          }",
      ]
    }
    lines += [
      "        }",
      "        ToolbarItem(placement: .cancellationAction) {",
      "          Button(\"Done\") { dismiss() }",
      "        }",
      "      }",
      "      .sheet(isPresented: $isPresented) {",
      "        editor",
      "      }",
      "    }",
      "  }",
      "",
      "  private var editor: some View {",
      "    Form {",
      "      Section(\"Details\") {",
      "        TextField(\"Name\", text: $query)",
      "        Toggle(\"Favorite\", isOn: .constant(true))",
      "      }",
      "      if items.isEmpty {",
      "        Text(\"No \(noun.lowercased())s yet\")",
      "          .foregroundColor(.gray)",
      "      } else {",
      "        Text(\"\\(items.count) \(noun.lowercased())s\")",
      "      }",
      "    }",
      "  }",
      "",
      "  @ViewBuilder",
      "  private func row(_ item: \(noun)) -> some View {",
      "    VStack(alignment: .leading) {",
      "      Text(item.name)",
      "        .lineLimit(2)",
      "      Button {",
      "        isPresented = true",
      "      } label: {",
      "        Label(\"Edit\", systemImage: \"pencil\")",
      "      }",
      "      .frame(minWidth: 44, minHeight: \(random.pick([28, 44, 44, 48])))",
      "    }",
      "  }",
      "",
      "  private func perform() {",
      "    let count = items.count",
      "    items = items.filter { $0.name.count > count % 3 }",
      "  }",
      "",
      "  private func delete(_ item: \(noun)) {",
      "    items.removeAll { $0.id == item.id }",
      "  }",
      "}",
      "",
      "struct \(noun): Identifiable {",
      "  let id = UUID()",
      "  var name: String",
      "}",
      "",
      "#Preview {",
      "  \(noun)Screen\(index)(title: \"\(noun)s\")",
      "}",
      "",
    ]
    return lines.joined(separator: "\n")
  }
}
