import Precept
import PreceptSwiftUI
import Testing

/// Views the reader used to drop or keep as source text.
@Suite struct ViewClosureTests {
  @Test func aCustomContainersClosureThatCallsHelpersKeepsItsViews() throws {
    let nodes = try read(
      """
      Card {
        sectionHeader("Title")
        Text("Body")
        footer(for: item)
      }
      """)
    let card = try #require(nodes.first)
    #expect(card.args.isEmpty)
    #expect(card.children.map(\.type) == ["sectionHeader", "Text", "footer"])
    // An action stays an action: no views, or code that only runs (assignment, await).
    let actions = try read(
      """
      AsyncButton { await save() } label: { Text("Save") }
      ConfirmButton { dismiss() }
      Card { count += 1; Text("x") }
      """)
    #expect(actions.map { $0.args.map(\.label) } == [[nil], [nil], [nil]])
    #expect(actions[0].slots.first?.nodes.map(\.type) == ["Text"])
  }

  @Test func aStepperWithALeadingLabelClosureKeepsItAsItsLabel() throws {
    let nodes = try read(
      """
      Stepper {
        Text("Guests")
      } onIncrement: {
        count += 1
      } onDecrement: {
        count -= 1
      }
      Stepper(onIncrement: { count += 1 }, onDecrement: { count -= 1 }) { Text("Rooms") }
      """)
    #expect(nodes.count == 2)
    for stepper in nodes {
      #expect(stepper.children.isEmpty)
      #expect(stepper.slots.map(\.name) == ["label"])
      #expect(stepper.slots.first?.nodes.map(\.type) == ["Text"])
      #expect(stepper.args.map(\.label) == ["onIncrement", "onDecrement"])
    }
  }

  @Test func closuresInEnumPayloadsAndFactoryArgumentsAreViews() throws {
    let nodes = try read(
      """
      VStack {
        ListRow(kind: .custom { Image(systemName: "trash") })
        ListRow(kind: .custom(content: { Label("Edit", systemImage: "pencil") }))
        ListRow(.icon(AnyView(Image(systemName: "star"))))
        ListRow(kind: RowKind.custom { Image(systemName: "bolt") })
        ListRow(kind: .plain, action: .run { delete() })
      }
      """)
    let rows = try #require(nodes.first).children
    #expect(rows[0].slots.map(\.name) == ["kind"])
    #expect(rows[0].slots[0].nodes.map(\.type) == ["Image"])
    #expect(rows[0].args.map(\.label) == ["kind"], "the argument stays too")
    #expect(rows[1].slots.first?.nodes.map(\.type) == ["Label"])
    #expect(rows[2].children.map(\.type) == ["AnyView"])
    #expect(rows[3].slots.first?.nodes.map(\.type) == ["Image"])
    #expect(rows[4].slots.isEmpty && rows[4].children.isEmpty, "an action closure in a payload builds no views")
  }

  @Test func labelsWithControlFlowOrAnOverlayKeepTheirViews() throws {
    let nodes = try read(
      """
      VStack {
        Button { go() } label: {
          if #available(iOS 17, *) { Image(systemName: "a") } else { Image(systemName: "b") }
        }
        Button(action: go) {
          switch state {
          case .loading: ProgressView()
          default: Image(systemName: "c")
          }
        }
        IconButton(action: go) {
          if isLoading { ProgressView() } else { icon(for: state) }
        }
        Button { go() } label: {
          Circle().fill(.blue).frame(width: 30, height: 30).overlay { Image(systemName: "plus") }
        }
      }
      """)
    let buttons = try #require(nodes.first).children
    #expect(buttons[0].slots.first?.nodes.first?.type == "if")
    #expect(buttons[0].slots.first?.nodes.first?.children.first?.type == "Image")
    #expect(buttons[1].slots.first?.nodes.first?.type == "switch")
    #expect(buttons[1].slots.first?.nodes.first?.children.map(\.type) == ["case", "default"])
    #expect(buttons[2].children.first?.type == "if", "a custom button's label that calls a helper")
    let circle = try #require(buttons[3].slots.first?.nodes.first)
    #expect(circle.modifiers.last?.name == "overlay")
    #expect(circle.modifiers.last?.children.map(\.type) == ["Image"])
  }
}
