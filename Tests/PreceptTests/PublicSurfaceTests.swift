import Foundation
import Testing

/// The engine library's public types are exactly the ones the README's embedding section
/// lists: a type made public for the command line's sake, or one the README forgets, fails here.
@Suite struct PublicSurfaceTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Names declared `public` at the top level of `Sources/Precept`.
  static func declaredPublicTypes() throws -> Set<String> {
    let sources = root.appendingPathComponent("Sources/Precept")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
    var names: Set<String> = []
    let pattern = try NSRegularExpression(
      pattern: #"^public (?:final class|class|struct|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#,
      options: .anchorsMatchLines)
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        names.insert(String(text[Range(match.range(at: 1), in: text)!]))
      }
    }
    return names
  }

  /// Names in the README's table of the public surface (the rows after "The public surface").
  static func listedTypes() throws -> Set<String> {
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "The public surface of `Precept`"))
    var names: Set<String> = []
    for line in readme[section.upperBound...].split(separator: "\n").drop(while: { !$0.hasPrefix("|") })
      .prefix(while: { $0.hasPrefix("|") })
    {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      guard cells.count > 2 else { continue }
      for part in cells[2].split(separator: "`").enumerated() where part.offset % 2 == 1 {
        names.insert(String(part.element))
      }
    }
    return names
  }

  @Test func publicTypesAreTheOnesTheReadmeLists() throws {
    let declared = try Self.declaredPublicTypes()
    let listed = try Self.listedTypes()
    #expect(declared.count > 20)
    #expect(declared.subtracting(listed).sorted() == [], "public but not in the README")
    #expect(listed.subtracting(declared).sorted() == [], "in the README but not public")
  }
}
