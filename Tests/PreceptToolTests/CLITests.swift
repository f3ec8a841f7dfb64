import Testing

@testable import PreceptTool

@Test func placeholderTool() {}
