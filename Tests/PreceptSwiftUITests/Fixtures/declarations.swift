// swift-format-ignore-file
import SwiftUI

@MainActor
public struct Profile<Content: View>: View, Equatable where Content: Sendable {
  @State private var isOpen = false
  @AccessibilityFocusState private var focused: Field?
  @FocusState var editing: Bool
  @Environment(\.colorScheme) private var colorScheme
  @Binding var name: String
  @SwiftUI.ObservedObject var model: Model
  @ObservationIgnored @AppStorage("sort") var sort: String = "name"
  let title: String, subtitle: String?
  var (width, height) = (10.0, 20.0)
  lazy var cache: [String: Int] = [:]
  var count = 0 {
    didSet { print(count) }
  }
  static let shared = 1
  @ViewBuilder let content: () -> Content

  enum Field: Hashable { case name, email }

  public var body: some View {
    VStack {
      header
      content()
    }
  }

  private var header: some View {
    Text(title)
  }

  @ViewBuilder
  func row(_ item: String) -> some View {
    Text(item)
    Divider()
  }

  func label(_ text: String) -> Text {
    Text(text).bold()
  }

  var tint: Color { .accentColor }

  var computed: Int { count * 2 }

  subscript(index: Int) -> some View {
    Text("\(index)")
  }

  func load() async throws {
    isOpen = true
  }

  struct Badge: View {
    var body: some View { Circle() }
  }
}

extension Profile {
  var footer: some View {
    get { Text("Footer") }
  }
}

final class Model: ObservableObject {
  @Published var items: [String] = []
  init() {}
}

actor Store {
  var value = 0
}

enum Tab: String, CaseIterable {
  case home, settings
  var icon: some View {
    switch self {
    case .home: Image(systemName: "house")
    case .settings: Image(systemName: "gear")
    }
  }
}

protocol Screen: View {
  var title: String { get }
}

struct Previews_Profile: PreviewProvider {
  static var previews: some View {
    Text("Preview")
  }
}

#Preview("Profile", traits: .sizeThatFitsLayout) {
  @Previewable @State var name = "Ada"
  Profile(title: "Hi", subtitle: nil, name: $name, model: Model()) {
    Text("Content")
  }
}

#Preview {
  Tab.home.icon
}
