// swift-format-ignore-file
import SwiftUI

// Allman braces, semicolons, one-liners, comments between modifiers, odd spacing.
struct AllmanStyle : View
{
    var body : some View
    {
        VStack ( spacing : 0 )
        {
            Button ( "Go" )
            {
                go ( )
            }
            Text("a"); Text("b")
            Menu
            {
                Button("One") { }
            }
            label:
            {
                Text("Trigger")
            }
        }
        // a comment between modifiers
        .padding( 4 )
        /* another */ .frame(maxWidth: .infinity)
    }

    func go() { }
}

struct Compact: View { var body: some View { HStack { Text("x").bold(); Spacer(); Image(systemName: "y") } } }

struct Tabs: View {
	var body: some View {
		TabView {
			Text("First")
				.tabItem { Label("First", systemImage: "1.circle") }
			Text("Second")
				.tabItem {
					Image(systemName: "2.circle")
					Text("Second")
				}
		}
	}
}
