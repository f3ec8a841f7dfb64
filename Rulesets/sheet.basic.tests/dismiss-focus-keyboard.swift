import SwiftUI

struct Search: View {  // <- sheet.basic/dismiss-focus
    enum Field { case query, filter }
    @FocusState private var focus: Field?
    @State private var picking: Item?

    var body: some View {
        List {
            TextField("Search", text: .constant(""))
                .focused($focus, equals: .query)
        }
        .popover(item: $picking, onDismiss: {
            reload()
            focus = .filter
        }) { item in
            Detail(item: item)
        }
    }
}
