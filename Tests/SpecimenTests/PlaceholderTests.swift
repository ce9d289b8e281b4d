import Testing
@testable import Specimens
@Test func placeholder() { }
