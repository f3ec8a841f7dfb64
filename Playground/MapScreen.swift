import SwiftUI

struct MapScreen: View {
  @State private var showsTraffic = false

  var body: some View {
    VStack {
      Map()
      HStack {
        // An icon-only trigger with no accessible name: VoiceOver reads nothing useful.
        Menu {
          Button("Show Traffic") { showsTraffic.toggle() }
          Button("Delete Pin") { deletePin() }
        } label: {
          Image(systemName: "ellipsis")
        }

        Menu("Share") {
          Button("Copy Link") { copyLink() }
          Button("Delete Route", role: .destructive) { deleteRoute() }
        }
        .focusEffectDisabled()
      }
    }
  }
}
