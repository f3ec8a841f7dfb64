import Foundation
import Precept
import Testing

/// A host's file imports Foundation and Precept together, as this one does (without
/// `@testable`): no name of Precept's public surface may be ambiguous there.
@Suite struct FoundationCoexistenceTests {
  /// Precept's compiled expression was once the public type `Expression`, which Foundation
  /// also declares: `[Expression]` did not compile in a file importing both. This file only
  /// compiles when each name resolves to one type.
  @Test func compiledExpressionIsNotAmbiguousWithFoundationsExpression() throws {
    let expressions: [CompiledExpression] = [try CompiledExpression("1 + 1")]
    #expect(try expressions[0].evaluate().get() == .int(2))
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
      #expect(String(reflecting: Expression<Int, Bool>.self).hasPrefix("Foundation"))
    }
  }
}
