/// What the runners of one evaluation share about its model, each part made when a rule first
/// needs it: every node's index (the rows of the rules `on *`), and for each modifier name the
/// nodes that have such a modifier, in preorder.
///
/// The second lets a rule whose `when` starts with `n.hasModifier("…")` (`NodeGuard`) visit
/// only the nodes that have it: lint evaluates several such rules `on *` on every file, and
/// testing every node of the file for each of them cost more than the rules' programs.
/// Used by one thread (the evaluation's).
final class VisitIndex {
  let model: ViewModel
  private var everyNode: [Int32]?
  private var modifierNodes: [Int32: [Int32]] = [:]

  init(model: ViewModel) {
    self.model = model
  }

  /// 0, 1, … up to the model's last node.
  var allNodes: [Int32] {
    if let everyNode { return everyNode }
    let made = (0..<Int32(model.nodeCount)).map { $0 }
    everyNode = made
    return made
  }

  /// The nodes with a modifier named by string id `name`, in preorder (each once), found in
  /// one pass over the nodes' modifiers at the first question about `name`. (Listing every
  /// name's nodes at once cost more, in hashing, than the few names rules ask about.)
  func nodes(withModifier name: Int32) -> [Int32] {
    if let known = modifierNodes[name] { return known }
    var found: [Int32] = []
    let nodes = model.nodes.entries
    let modifiers = model.modifiers.entries
    for node in nodes.indices {
      let start = Int(nodes[node].modifierStart)
      for position in start..<start &+ Int(nodes[node].modifierCount) where modifiers[position].name == name {
        found.append(Int32(node))
        break
      }
    }
    modifierNodes[name] = found
    return found
  }
}
