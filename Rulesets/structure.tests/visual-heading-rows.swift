// swift-format-ignore-file
// expect: nothing
// The first line of rows and of buttons, and a .headline computed at run time, are not titles.
import SwiftUI

struct SessionsList: View {
    let sessions: [String]

    var body: some View {
        List {
            ForEach(sessions, id: \.self) { session in
                VStack(alignment: .leading) {
                    Text(session).font(.headline)
                    Text("Active")
                    Text("iPhone")
                }
            }
        }
        HStack {
            VStack {
                Text("Inbox").font(.title3)
                Text("3 new")
                Text("Updated now")
            }
        }
        sessionDetails("Ann")
    }

    func sessionDetails(_ user: String) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(user).font(.headline)
            Text("Playing")
            Text("Paused")
        }
    }
}
