// swift-format-ignore-file
// A favourite star that only changes colour, and test results as coloured bars (switch, ForEach).
import SwiftUI

struct ResultsView: View {
    let results: [Result]
    let isFavorite: Bool
    let mode: Mode

    var body: some View {
        switch mode {
        case .compact:
            Image(systemName: "star.fill") // <- global/semantic-color
                .foregroundColor(isFavorite ? Color.yellow : Color.gray)
        case .detailed:
            HStack(spacing: 2) {
                ForEach(results) { result in
                    RoundedRectangle(cornerRadius: 2) // <- global/semantic-color
                        .fill(result.passed ? Color.green : Color.red)
                        .frame(width: 6, height: 20)
                }
            }
        }
    }
}
