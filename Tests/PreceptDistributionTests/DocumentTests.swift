import Foundation
import Testing

@testable import Precept
@testable import PreceptDistribution

/// The first diagnostic's `file:line:column: error: message`, or nil if reading succeeded.
func readError<T>(_ read: () throws(DiagnosticError) -> T) -> String? {
  do {
    _ = try read()
    return nil
  } catch {
    return error.diagnostics.first?.description
  }
}

let digestA = SHA256.hex(SHA256.hash(Array("a".utf8)))
let digestB = SHA256.hex(SHA256.hash(Array("b".utf8)))

@Suite struct RegistryIndexTests {
  let sample = """
    {
      "registry": 1,
      "packs": {
        "menu.basic": {
          "1.2.0": { "file": "menu.basic/menu.basic-1.2.0.preceptpack", "sha256": "\(digestB)",
                     "imports": { "icons": "~0.3", "global": ">= 1.0 <2" } },
          "1.0.0": { "file": "menu.basic/menu.basic-1.0.0.preceptpack", "sha256": "\(digestA)", "future": true }
        },
        "global": {
          "1.0.0": { "file": "global/global-1.0.0.preceptpack", "sha256": "\(digestA)", "imports": {} }
        }
      }
    }
    """

  @Test func readsEntriesInVersionOrder() throws {
    let index = try RegistryIndex.read(SourceFile(name: "index.json", text: sample))
    #expect(index.entries(for: "menu.basic").map(\.version.description) == ["1.0.0", "1.2.0"])
    let entry = try #require(index.entry("menu.basic", SemanticVersion(1, 2, 0)))
    #expect(entry.file == "menu.basic/menu.basic-1.2.0.preceptpack")
    #expect(entry.sha256 == digestB)
    #expect(entry.imports.map(\.description) == ["global >=1.0 <2", "icons ~0.3"])
    #expect(index.entries(for: "missing").isEmpty)
  }

  @Test func writesCanonicallyAndReadsBack() throws {
    let index = try RegistryIndex.read(SourceFile(name: "index.json", text: sample))
    let text = index.serialized()
    #expect(
      text == """
        {
          "registry": 1,
          "packs": {
            "global": {
              "1.0.0": {
                "file": "global/global-1.0.0.preceptpack",
                "sha256": "\(digestA)",
                "imports": {}
              }
            },
            "menu.basic": {
              "1.0.0": {
                "file": "menu.basic/menu.basic-1.0.0.preceptpack",
                "sha256": "\(digestA)",
                "imports": {}
              },
              "1.2.0": {
                "file": "menu.basic/menu.basic-1.2.0.preceptpack",
                "sha256": "\(digestB)",
                "imports": {"global": ">=1.0 <2", "icons": "~0.3"}
              }
            }
          }
        }

        """)
    let again = try RegistryIndex.read(SourceFile(name: "index.json", text: text))
    #expect(again == index)
    #expect(again.serialized() == text)
  }

  /// Replaces `old` in the sample (which must occur) and returns the reading error.
  func error(replacing old: String, with new: String) -> String? {
    #expect(sample.contains(old), "the sample has \(old)")
    let text = sample.replacingOccurrences(of: old, with: new)
    return readError { () throws(DiagnosticError) in try RegistryIndex.read(SourceFile(name: "index.json", text: text))
    }
  }

  @Test func reportsTruncatedIndexes() {
    let truncated = String(sample.prefix(200))
    #expect(
      readError { () throws(DiagnosticError) in try RegistryIndex.read(SourceFile(name: "index.json", text: truncated))
      }
        == "index.json:6:3: error: expected a string key in object, found end of file")
    #expect(
      readError { () throws(DiagnosticError) in try RegistryIndex.read(SourceFile(name: "index.json", text: "")) }
        == "index.json:1:1: error: expected a JSON value, found end of file")
  }

  @Test(arguments: [
    (
      "\"registry\": 1", "\"registry\": 2",
      "index.json:2:15: error: unsupported registry index format version 2; this version of precept reads version 1"
    ),
    (
      "\"registry\": 1", "\"registry\": \"1\"",
      "index.json:2:15: error: 'registry' must be the registry index format version number, found a string"
    ),
    ("\"registry\": 1,", "", "index.json:1:1: error: a registry index is missing the required field 'registry'"),
    ("\"packs\": {", "\"packs\": [], \"x\": {", "index.json:3:12: error: 'packs' must be an object, found an array"),
    (
      "\"global\": {", "\"Global\": {",
      "index.json:9:5: error: invalid ruleset name 'Global': a ruleset name uses only lowercase letters, digits, '-' and '.'"
    ),
    (
      "\"1.2.0\": {", "\"1.2\": {",
      "index.json:5:11: error: expected '.' and a patch version after '1.2' (a version has three numbers: major.minor.patch)"
    ),
    (
      "\"1.2.0\": {", "\"1.0.0+b\": {",
      "index.json:7:7: error: version 1.0.0 of 'menu.basic' has the same precedence as 1.0.0+b"
    ),
    (
      "\"sha256\": \"\(digestB)\"", "\"sha256\": \"\(digestB.uppercased())\"",
      "index.json:5:79: error: 'sha256' must be 64 lowercase hexadecimal digits"
    ),
    (
      "\"sha256\": \"\(digestB)\"", "\"sha256\": \"\(digestB.dropLast())\"",
      "index.json:5:79: error: 'sha256' must be 64 lowercase hexadecimal digits"
    ),
    (
      ", \"sha256\": \"\(digestB)\"", "",
      "index.json:5:16: error: 'menu.basic' 1.2.0 is missing the required field 'sha256'"
    ),
    (
      "\"menu.basic/menu.basic-1.2.0.preceptpack\"", "\"../../etc/passwd\"",
      "index.json:5:26: error: invalid pack path '../../etc/passwd': the path cannot contain '.' or '..' segments"
    ),
    (
      "\"menu.basic/menu.basic-1.2.0.preceptpack\"", "\"/etc/passwd\"",
      "index.json:5:26: error: invalid pack path '/etc/passwd': the path must be relative to the registry"
    ),
    (
      "\"menu.basic/menu.basic-1.2.0.preceptpack\"", "\"a//b\"",
      "index.json:5:26: error: invalid pack path 'a//b': the path has an empty segment"
    ),
    (
      "\"menu.basic/menu.basic-1.2.0.preceptpack\"", "\"a b\"",
      "index.json:5:26: error: invalid pack path 'a b': path segments use only letters, digits, '.', '_', '+' and '-'"
    ),
    (
      "\"icons\": \"~0.3\"", "\"icons\": \"~0.x.3\"",
      "index.json:6:46: error: a number cannot follow a wildcard: write '0.x.*' or give every number"
    ),
    ("\"icons\": \"~0.3\"", "\"icons\": \"^\"", "index.json:6:41: error: expected a version after '^'"),
    (
      "\"icons\": \"~0.3\"", "\"icons\": 3",
      "index.json:6:40: error: the range of 'icons' must be a string, found a number"
    ),
    ("\"icons\": \"~0.3\"", "\"menu.basic\": \"^1\"", "index.json:6:31: error: 'menu.basic' cannot import itself"),
    (
      "\"icons\": \"~0.3\"", "\"global\": \"^1\"",
      "index.json:6:47: error: duplicate key \"global\" in object (first at line 6, column 31)"
    ),
    ("\"imports\": {", "\"imports\": [", "index.json:6:38: error: expected ',' or ']' in array, found ':'"),
  ])
  func reportsSchemaViolationsWithLineAndColumn(old: String, new: String, expected: String) {
    #expect(error(replacing: old, with: new) == expected)
  }
}

@Suite struct LockFileTests {
  func sampleLock() throws -> LockFile {
    LockFile(
      requirements: try requirements(["menu.basic": "^1.0", "global": ">= 1.0"]),
      packs: [
        LockFile.Pack(
          name: "menu.basic", version: SemanticVersion(1, 2, 0), source: "https://rules.example/precept",
          file: "menu.basic/menu.basic-1.2.0.preceptpack", sha256: digestB),
        LockFile.Pack(
          name: "global", version: try SemanticVersion(parsing: "1.1.0-rc.1+build.5"), source: "../registry",
          file: "global/global-1.1.0-rc.1+build.5.preceptpack", sha256: digestA),
      ])
  }

  let expectedText = """
    {
      "lock": 1,
      "requirements": {"global": ">=1.0", "menu.basic": "^1.0"},
      "packs": {
        "global": {
          "version": "1.1.0-rc.1+build.5",
          "source": "../registry",
          "file": "global/global-1.1.0-rc.1+build.5.preceptpack",
          "sha256": "\(digestA)"
        },
        "menu.basic": {
          "version": "1.2.0",
          "source": "https://rules.example/precept",
          "file": "menu.basic/menu.basic-1.2.0.preceptpack",
          "sha256": "\(digestB)"
        }
      }
    }

    """

  @Test func writesDeterministically() throws {
    let lock = try sampleLock()
    #expect(lock.serialized() == expectedText)
    let reordered = LockFile(requirements: lock.requirements.reversed(), packs: lock.packs.reversed())
    #expect(reordered.serialized() == expectedText)
  }

  @Test func roundTrips() throws {
    let lock = try sampleLock()
    let read = try LockFile.read(SourceFile(name: "precept.lock", text: lock.serialized()))
    #expect(read == lock)
    #expect(read.pack("global")?.version.description == "1.1.0-rc.1+build.5")
    #expect(read.serialized() == expectedText)
  }

  @Test(arguments: [
    (
      "\"lock\": 1", "\"lock\": 7",
      "precept.lock:2:11: error: unsupported lock file format version 7; this version of precept reads version 1"
    ),
    (
      "\"menu.basic\": \"^1.0\"", "\"menu.basic\": \"^1.0 |\"",
      "precept.lock:3:59: error: expected '||' between alternatives, found a single '|'"
    ),
    (
      "\"version\": \"1.2.0\"", "\"version\": \"1.2.0-\"",
      "precept.lock:12:24: error: expected a pre-release identifier after '-'"
    ),
    (
      "\"version\": \"1.2.0\",", "",
      "precept.lock:11:19: error: the locked pack 'menu.basic' is missing the required field 'version'"
    ),
    ("\"source\": \"../registry\"", "\"source\": \"\"", "precept.lock:7:17: error: 'source' cannot be empty"),
    (
      "\"sha256\": \"\(digestB)\"", "\"sha256\": null",
      "precept.lock:15:17: error: 'sha256' must be a string, found null"
    ),
    (
      "\"packs\": {", "\"packs\": {\"global\": {}, ",
      "precept.lock:5:5: error: duplicate key \"global\" in object (first at line 4, column 13)"
    ),
    (
      "\"requirements\": {", "\"requirements\": 1, \"x\": {",
      "precept.lock:3:19: error: 'requirements' must be an object, found a number"
    ),
  ])
  func reportsProblemsWithLineAndColumn(old: String, new: String, expected: String) {
    #expect(expectedText.contains(old))
    let text = expectedText.replacingOccurrences(of: old, with: new)
    #expect(
      readError { () throws(DiagnosticError) in try LockFile.read(SourceFile(name: "precept.lock", text: text)) }
        == expected)
  }

  @Test func reportsTruncation() {
    let text = String(expectedText.prefix(300))
    #expect(
      readError { () throws(DiagnosticError) in try LockFile.read(SourceFile(name: "precept.lock", text: text)) }
        == "precept.lock:9:17: error: unterminated string")
  }
}
