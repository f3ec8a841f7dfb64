import Testing

@Suite struct EmbeddingExampleTests {
  @Test func exampleProgramRunsAndReportsThroughItsHostFunction() throws {
    let run = try Products.run("EmbeddingExample", [])
    #expect(run.status == 0)
    #expect(
      run.output.hasPrefix(
        #"Checkout.swift:4:7: error: "Pay" is hard to read: contrast 3.9:1 [acme.buttons/readable-label]"#))
    #expect(run.output.contains(#"contrastRatio(b.modifier("foregroundStyle").text(), "white") is 3.9"#))
    #expect(run.output.hasSuffix("1 error(s), 1 passed\n"))
  }
}
