import Precept

/// The one-rule measurement of the budgets (README.md beside this file): twenty menu items, destructive titles need the
/// destructive role, every title is non-empty, and a menu has at least two items. Measured as
/// a Precept expression and as the same check hand-written in Swift over structs.
enum MenuItemsRule {
  static let source =
    "items.all(i, !i.title.startsWith('Delete') || i.role == 'destructive') && items.all(i, i.title.size() > 0) && items.size() >= 2"

  struct Item {
    var title: String
    var role: String
  }

  /// Twenty commands of a file browser's menu; the destructive ones have their role, so the
  /// rule holds and every item is visited.
  static let items: [Item] = [
    "New Folder", "Open", "Open in New Window", "Duplicate", "Rename", "Move", "Copy", "Copy Link", "Share",
    "Add to Favorites", "Tag", "Pin", "Get Info", "Show in Enclosing Folder", "Compress", "Export", "Print",
    "Archive", "Delete", "Delete Immediately",
  ].map { Item(title: $0, role: $0.hasPrefix("Delete") ? "destructive" : "") }

  /// The items as the expression's `items` binding: a list of maps.
  static var binding: Value {
    .list(items.map { .map([.init(.string("title"), .string($0.title)), .init(.string("role"), .string($0.role))]) })
  }

  /// The rule hand-written in Swift.
  static func holds(_ items: [Item]) -> Bool {
    items.allSatisfy { !$0.title.hasPrefix("Delete") || $0.role == "destructive" }
      && items.allSatisfy { !$0.title.isEmpty } && items.count >= 2
  }
}
