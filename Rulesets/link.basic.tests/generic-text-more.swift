import SwiftUI

struct ArticleFooter: View {
    let url: URL

    var body: some View {
        VStack(alignment: .leading) {
            Text("Our pricing changed in May.")
            Link("Read more", destination: url)  // <- link.basic/generic-text
            Link(destination: url) {  // <- link.basic/generic-text
                Text("Click here")
                    .underline()
            }
        }
    }
}
