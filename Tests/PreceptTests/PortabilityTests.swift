import Foundation
import Testing

/// The package builds on macOS and Linux: a C library module (`Glibc`, `Musl`, `Darwin`, …)
/// is imported only inside an `#if canImport(…)` or `#if os(…)` block, and Glibc's spelling of
/// a struct member only where Glibc is what was imported. These machines have no macOS, so
/// this scan is what keeps the code portable by construction.
@Suite struct PortabilityTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let platformModules = ["Glibc", "Musl", "Darwin", "WinSDK", "ucrt", "Android", "Bionic", "WASILibc"]

  /// Every Swift file under `Sources/` and `Tests/`, relative to the package root.
  static func swiftFiles() throws -> [String] {
    var files: [String] = []
    for top in ["Sources", "Tests"] {
      let folder = root.appendingPathComponent(top)
      let names = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
      files += names.filter { $0.hasSuffix(".swift") }.map { "\(top)/\($0)" }
    }
    return files.sorted()
  }

  /// The lines of `text` that import a platform module outside a platform condition, as
  /// "LINE: text".
  static func unguardedImports(_ text: String) -> [String] {
    var conditions: [Bool] = []  // for each open #if: whether it tests canImport or os
    var found: [String] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#if ") {
        conditions.append(line.contains("canImport(") || line.contains("os("))
      } else if line.hasPrefix("#elseif ") {
        if !conditions.isEmpty {
          conditions[conditions.count - 1] = line.contains("canImport(") || line.contains("os(")
        }
      } else if line.hasPrefix("#endif") {
        _ = conditions.popLast()
      } else if line.hasPrefix("import ") || line.hasPrefix("@testable import ")
        || line.hasPrefix("@preconcurrency import ")
      {
        let module = line.split(separator: " ").last.map(String.init) ?? ""
        if platformModules.contains(module) && !conditions.contains(true) { found.append("\(index + 1): \(line)") }
      }
    }
    return found
  }

  @Test func platformModulesAreImportedOnlyBehindACondition() throws {
    let files = try Self.swiftFiles()
    #expect(files.count > 100)
    for file in files {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      #expect(Self.unguardedImports(text) == [], "\(file)")
    }
  }

  @Test func theScanFindsAnUnguardedImport() {
    #expect(Self.unguardedImports("import Foundation\nimport Glibc\n") == ["2: import Glibc"])
    #expect(
      Self.unguardedImports(
        "#if canImport(Glibc)\n  import Glibc\n#elseif canImport(Darwin)\n  import Darwin\n#endif\n") == [])
    #expect(Self.unguardedImports("#if DEBUG\nimport Darwin\n#endif\n") == ["2: import Darwin"])
  }

  /// Glibc names the union in `sigaction` `__sigaction_handler`, Darwin `__sigaction_u`: code
  /// that spells one must sit under a condition, or it builds on one platform only.
  @Test func libcStructMembersAreSpelledUnderACondition() throws {
    for file in try Self.swiftFiles() where file != "Tests/PreceptTests/PortabilityTests.swift" {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      var depth = 0
      for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.hasPrefix("#if ") { depth += 1 } else if line.hasPrefix("#endif") { depth -= 1 }
        if line.contains("__sigaction_handler") || line.contains("__sigaction_u") {
          #expect(depth > 0, "\(file):\(index + 1) spells a C library's private member outside #if")
        }
      }
    }
  }
}
