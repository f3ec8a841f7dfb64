import SwiftUI
// expect: nothing

struct GuestRow: View {
    @Binding var guests: Int

    var body: some View {
        HStack {
            Text("Guests")
            Stepper("Guests", value: $guests)
                .labelsHidden()
        }
        .accessibilityElement(children: .combine)
        .accessibilityValue("\(guests)")
    }
}
