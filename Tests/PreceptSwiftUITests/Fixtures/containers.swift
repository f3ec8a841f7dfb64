// swift-format-ignore-file
import SwiftUI

struct Containers: View {
  @State private var path = NavigationPath()
  @State private var expanded = true
  @State private var on = false
  @State private var value = 0.5
  let items: [Item]

  var body: some View {
    NavigationSplitView {
      List(items) { item in
        NavigationLink(value: item) {
          Label(item.title, systemImage: "doc")
        }
      }
    } detail: {
      NavigationStack(path: $path) {
        Form {
          Section {
            Toggle("Enabled", isOn: $on)
            Toggle(isOn: $on) { Text("Custom") }
            Slider(value: $value, in: 0...1) { Text("Volume") } minimumValueLabel: { Text("0") } maximumValueLabel: { Text("1") }
          } header: {
            Text("General")
          } footer: {
            Text("Footer text")
          }
          Section(header: Text("Old style"), footer: Text("Old footer")) {
            NavigationLink("Settings", destination: SettingsView())
            NavigationLink("Inline") { SettingsView() }
            NavigationLink(destination: SettingsView()) { Text("Label") }
          }
          DisclosureGroup("More", isExpanded: $expanded) {
            LabeledContent("Version") { Text("1.0") }
            LabeledContent("Build", value: "42")
          }
          ControlGroup {
            Button("A") {}
            Button("B") {}
          } label: {
            Label("Group", systemImage: "square.grid.2x2")
          }
          Label {
            Text("Title")
          } icon: {
            Image(systemName: "star")
          }
          GeometryReader { proxy in
            Color.red.frame(width: proxy.size.width / 2)
          }
          ScrollViewReader { reader in
            Button("Top") { reader.scrollTo(0) }
          }
          AsyncImage(url: URL(string: "https://example.com/a.png")) { image in
            image.resizable()
          } placeholder: {
            ProgressView()
          }
          Picker(selection: $value, label: Text("Speed")) {
            Text("Slow").tag(0.1)
          }
        }
      }
    }
  }
}
