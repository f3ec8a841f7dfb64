import SwiftUI

struct ReportView: View {
    var body: some View {
        VStack(alignment: .leading) {
            Text("Quarterly report")
            Image("chart")  // <- image.basic/informative-name
                .resizable()
                .scaledToFit()
            Image(.salesMap).resizable()  // <- image.basic/informative-name
        }
        .navigationTitle("Report")
    }
}
