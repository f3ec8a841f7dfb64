// swift-format-ignore-file
// A checkbox built from a Button and a radio group of tappable rows: the state is only a symbol.
import SwiftUI

struct ConsentForm: View {
    @State private var agreed = false
    @State private var plan = "Monthly"
    let plans = ["Monthly", "Yearly"]

    var body: some View {
        Form {
            Button(action: { agreed.toggle() }) { // <- controls/state-symbol
                HStack {
                    Image(systemName: agreed ? "checkmark.square.fill" : "square")
                    Text("I agree to the terms")
                }
            }
            ForEach(plans, id: \.self) { option in
                HStack { // <- controls/state-symbol
                    Text(option)
                    Spacer()
                    if plan == option {
                        Image(systemName: "checkmark")
                    }
                }
                .accessibilityElement(children: .combine)
                .accessibilityAddTraits(.isButton)
                .onTapGesture { plan = option }
            }
        }
    }
}
