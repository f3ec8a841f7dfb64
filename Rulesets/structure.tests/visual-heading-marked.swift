// swift-format-ignore-file
// expect: nothing
// Headings that carry the trait, and title styles that are not section titles: a row's first
// line, a button, a message, a .subheadline, a Section header.
import SwiftUI

struct Account: View {
    let name: String

    var body: some View {
        VStack {
            Text("Account")
                .font(.largeTitle)
                .accessibilityAddTraits(.isHeader)
            Text("Profile")
                .font(.title)
                .accessibilityHeading(.h2)
            Text(name)
            Text("Member since 2020")
        }
        VStack {
            Text("Report sent!")
                .font(.headline)
            Text("Thank you.")
            Text("We review every report.")
        }
        VStack {
            Text("Details")
                .font(.subheadline)
            Text(name)
            Text("Joined")
        }
    }
}
