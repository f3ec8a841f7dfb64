// swift-format-ignore-file
// Status colours in the styles a text pattern missed: UIKit's system red wrapped in a Color,
// a condition with optional chaining and nested parentheses. A state also said by the symbol,
// tested in parentheses, is not colour alone.
import SwiftUI

struct ServiceDot: View {
    let service: Service

    var body: some View {
        Circle() // <- global/semantic-color
            .fill(service.isDown ? Color(.systemRed) : .secondary)
            .frame(width: 8, height: 8)
    }
}

struct ServiceBadge: View {
    let service: Service

    var body: some View {
        Capsule() // <- global/semantic-color
            .fill((service.status?.isUp(at: .now)) == true ? Color.green : Color.gray)
    }
}

struct ServiceIcon: View {
    let service: Service

    var body: some View {
        Image(systemName: (service.status?.isUp == true) ? "checkmark.circle" : "xmark.circle")
            .foregroundStyle((service.status?.isUp == true) ? .green : .red)
    }
}

struct Service { var isDown = false; var status: Status? }
struct Status { var isUp = true; func isUp(at: Date) -> Bool { true } }
