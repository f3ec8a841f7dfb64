import Testing

@testable import PreceptSwiftUI

@Test func placeholder() {}
