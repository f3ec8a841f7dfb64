// swift-format-ignore-file
import SwiftUI

struct ControlFlow: View {
  enum Phase { case idle, loading, loaded([String]), failed(Error) }

  let phase: Phase
  let user: User?
  var isCompact = false

  var body: some View {
    VStack {
      if let user {
        Text(user.name)
      } else if isCompact {
        Image(systemName: "person")
      } else {
        ProgressView()
      }

      if case .failed(let error) = phase, !isCompact {
        Text(error.localizedDescription)
      }

      switch phase {
      case .idle:
        EmptyView()
      case .loading, .failed:
        ProgressView("Loading")
      case .loaded(let items) where !items.isEmpty:
        ForEach(items, id: \.self) { item in
          Text(item)
        }
      @unknown default:
        Text("?")
      }

      isCompact ? Text("Small") : Text("Large")

      #if os(iOS)
        Text("Phone")
      #elseif os(macOS)
        Text("Mac")
      #else
        EmptyView()
      #endif
    }
  }
}

// `return` makes a body ordinary code: only returned views count.
func badge(for count: Int) -> some View {
  guard count > 0 else {
    return AnyView(EmptyView())
  }
  let text = "\(count)"
  print(text)
  if count > 99 {
    return AnyView(Text("99+"))
  }
  return AnyView(Text(text).bold())
}
