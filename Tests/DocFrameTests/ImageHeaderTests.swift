import Testing
@testable import DocFrame

@Suite struct ImageHeaderTests {
    @Test func pngHeaderGivesSize() throws {
        let header = try ImageHeader.read(TestImages.pngHeader(width: 20000, height: 20000))
        #expect(header.format == .png)
        #expect(header.width == 20000 && header.height == 20000)
    }
}
