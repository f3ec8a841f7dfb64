import SwiftUI

@MainActor
final class Model: ObservableObject {
  @Published var names: [String] = ["a", "b"]
}

enum Mode: String, CaseIterable { case list, grid }

extension Mode {
  var title: String { rawValue.capitalized }
}

struct Settings: View {
  @StateObject private var model = Model()
  @Environment(\.dismiss) private var dismiss
  @State var mode: Mode = .list

  var body: some View {
    VStack(alignment: .leading, spacing: 8) {
      switch mode {
      case .list:
        ForEach(model.names, id: \.self) { Text($0) }
      case .grid where model.names.count > 1, .grid:
        LazyVGrid(columns: [GridItem(.flexible())]) { Text("grid") }
      @unknown default:
        Text("unknown")
      }
      #if os(iOS)
      Button(action: { dismiss() }) { Image(systemName: "xmark") }
        .accessibilityHidden(true)
      #elseif os(macOS)
      Button("Close", action: dismiss.callAsFunction)
      #else
      EmptyView()
      #endif
      Picker("Mode", selection: $mode) {
        ForEach(Mode.allCases, id: \.self) { Text($0.title).tag($0) }
      }
      .pickerStyle(.segmented)
      Stepper(value: .constant(1), in: 0...10, step: 1) { Text("Count") }
      Slider(value: .constant(0.5), in: 0...1) { Text("Volume") } minimumValueLabel: { Image(systemName: "speaker") } maximumValueLabel: { Image(systemName: "speaker.wave.3") }
      Link("Help", destination: URL(string: "https://example.com")!)
      TextField("Name", text: .constant(""), prompt: Text("Your name"))
      DisclosureGroup("More") { Text("Hidden") }
      Label { Text("Title") } icon: { Image(systemName: "star") }
    }
    .task { await load() }
    .onAppear {
      guard !model.names.isEmpty else { return }
      for name in model.names where name.isEmpty { print(name) }
      defer { print("done") }
      do { try check() } catch { print(error) }
    }
  }

  func load() async {}
  func check() throws {}
}
