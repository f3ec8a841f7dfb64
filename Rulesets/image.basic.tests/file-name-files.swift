import SwiftUI

struct Chart: View {
    var body: some View {
        VStack {
            Image("img_23").accessibilityLabel("img_23.png")  // <- image.basic/file-name
            Image("chart", label: Text("chart_v2"))  // <- image.basic/file-name
            Image(systemName: "photo")  // <- image.basic/file-name
                .resizable()
                .accessibilityLabel("IMG_0042.JPG")
        }
    }
}
