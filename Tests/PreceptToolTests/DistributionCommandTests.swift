import Foundation
import Testing

@Suite struct DistributionCommandTests {
  let acme = """
    ruleset acme.menus 1.1.0
    import global ^1.0
    rule named {
      severity warning
      on Menu as m
      require m.text() != "" || m.hasModifier("accessibilityLabel")
      message "name the menu"
    }
    """
  let swift = """
    struct S: View {
      var body: some View {
        Menu { Button("A") {} } label: { Image(systemName: "ellipsis") }
          .focusEffectDisabled()
      }
    }
    """

  @Test func packPublishAddInstallLint() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let environment = ["PRECEPT_CACHE": folder.path + "/cache", "NO_COLOR": "1"]
    func precept(_ arguments: String...) throws -> Products.Run {
      try Products.run("precept", arguments, directory: folder.path + "/project", environment: environment)
    }
    try folder.write("acme.precept", acme)
    try folder.write("project/S.swift", swift)
    let packed = try precept("pack", "../acme.precept", "--with-imports", "-o", "../packs")
    #expect(packed.status == 0, "\(packed.error)")
    #expect(packed.output.contains("wrote ../packs/acme.menus-1.1.0.preceptpack"))
    #expect(packed.output.contains("wrote ../packs/global-1.0.0.preceptpack"))
    let published = try precept(
      "publish", "../packs/global-1.0.0.preceptpack", "../packs/acme.menus-1.1.0.preceptpack", "--registry",
      "../registry")
    #expect(published.status == 0, "\(published.error)")
    #expect(published.output == "published global 1.0.0 to ../registry\npublished acme.menus 1.1.0 to ../registry\n")

    let added = try precept("add", "acme.menus", "--registry", "../registry")
    #expect(added.status == 0, "\(added.error)")
    #expect(added.output.contains("installed acme.menus 1.1.0"))
    let configuration = try String(contentsOfFile: folder.path + "/project/precept.json", encoding: .utf8)
    #expect(configuration == #"{"precept": 1, "registry": "../registry", "rulesets": {"acme.menus": "^1.1.0"}}"# + "\n")
    let lock = try String(contentsOfFile: folder.path + "/project/precept.lock", encoding: .utf8)
    #expect(lock.contains(#""requirements": {"acme.menus": "^1.1.0"}"#))

    let lint = try precept("lint", "--format", "json")
    #expect(lint.status == 1)
    #expect(lint.output.contains(#""rule": "acme.menus/named""#))
    #expect(lint.output.contains(#""rule": "global/focus-visible""#))

    // A stale lock is an error for lint and for install --locked; install re-resolves.
    try folder.write(
      "project/precept.json", #"{"precept": 1, "registry": "../registry", "rulesets": {"acme.menus": "^2"}}"#)
    let stale = try precept("lint")
    #expect(stale.status == 2 && stale.error.contains("does not match the rulesets in"))
    #expect(try precept("install", "--locked").status == 2)
    let impossible = try precept("install")
    #expect(impossible.status == 2 && impossible.error.contains("no version of 'acme.menus' matches '^2'"))
  }

  @Test func installRefusesATamperedPack() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let environment = ["PRECEPT_CACHE": folder.path + "/cache"]
    func precept(_ arguments: String...) throws -> Products.Run {
      try Products.run("precept", arguments, directory: folder.path, environment: environment)
    }
    try folder.write("acme.precept", acme)
    #expect(try precept("pack", "acme.precept", "--with-imports", "-o", "packs").status == 0)
    #expect(
      try precept(
        "publish", "packs/global-1.0.0.preceptpack", "packs/acme.menus-1.1.0.preceptpack", "--registry", "registry"
      ).status == 0)
    #expect(try precept("add", "acme.menus@^1.0", "--registry", "registry").status == 0)
    // Someone changes the pack in the registry and the cache is empty: install must refuse it.
    try FileManager.default.removeItem(atPath: folder.path + "/cache")
    let packPath = folder.path + "/registry/acme.menus/acme.menus-1.1.0.preceptpack"
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: packPath)))
    bytes[bytes.count - 1] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: packPath))
    let install = try precept("install")
    #expect(install.status == 2)
    #expect(install.error.contains("SHA-256 mismatch"), "\(install.error)")
  }

  @Test func lintRefusesAPackThatDoesNotVerify() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("acme.precept", acme)
    try folder.write("S.swift", swift)
    #expect(try Products.run("precept", ["pack", "acme.precept", "-o", "packs"], directory: folder.path).status == 0)
    let packPath = folder.path + "/packs/acme.menus-1.1.0.preceptpack"
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: packPath)))
    bytes[bytes.count / 2] ^= 0x20
    try Data(bytes).write(to: URL(fileURLWithPath: packPath))
    let lint = try Products.run(
      "precept", ["lint", "S.swift", "--ruleset", "packs/acme.menus-1.1.0.preceptpack"], directory: folder.path)
    #expect(lint.status == 2)
    #expect(lint.error.contains("error:"))
    #expect(!lint.error.contains("Fatal error") && !lint.error.contains("crashed"))
  }
}
