// swift-format-ignore-file
// expect: nothing
// A Stepper's label closure names it, written first or last.
import SwiftUI

struct Booking: View {
    @State private var guests = 1
    @State private var rooms = 1

    var body: some View {
        Form {
            Stepper {
                Text("Guests: \(guests)")
            } onIncrement: {
                guests += 1
            } onDecrement: {
                guests -= 1
            }
            Stepper(onIncrement: { rooms += 1 }, onDecrement: { rooms -= 1 }) {
                Text("Rooms: \(rooms)")
            }
        }
    }
}
