import DocFrame
import Testing
@testable import Specimens

/// The drawing primitives the designs stand on: blending, text, and typed errors on bad input.
@Suite struct CanvasTests {
    func pixel(_ c: Canvas, _ x: Int, _ y: Int) throws -> [UInt8] {
        let p = try c.pixels()
        let i = (y * c.width + x) * 3
        return [p[i + 2], p[i + 1], p[i]]  // RGB
    }

    @Test func fillsBlendWithTheirOpacity() throws {
        let c = try Canvas(width: 40, height: 30, background: .white)
        try c.fill(Rect(0, 0, 20, 30), RGBA(255, 0, 0, 0.5))
        try c.fill(Rect(20, 0, 20, 30), RGBA(0, 0, 255))
        let half = try pixel(c, 10, 15), solid = try pixel(c, 30, 15)
        #expect(half[0] == 255 && abs(Int(half[1]) - 128) <= 1 && abs(Int(half[2]) - 128) <= 1)
        #expect(solid == [0, 0, 255])
    }

    @Test func textIsDrawnOnItsBaselineAndMeasured() throws {
        let fonts = try FontBook()
        let c = try Canvas(width: 300, height: 80, background: .white)
        let m = try fonts.sansBold.measure("HEADER", size: 40)
        #expect(m.width > 100 && m.ascent > 20)
        try c.text("HEADER", x: 10, y: 60, size: 40, font: fonts.sansBold, .black)
        let p = try c.pixels()
        var inkRows: [Int] = []
        for y in 0..<80 where (0..<300).contains(where: { p[(y * 300 + $0) * 3] < 100 }) { inkRows.append(y) }
        #expect(inkRows.last.map { $0 <= 60 && $0 >= 55 } == true, "ink ends at the baseline")
        #expect(inkRows.first.map { $0 >= 60 - Int(m.ascent) - 2 } == true)
    }

    @Test func badInputIsATypedError() throws {
        #expect(throws: DocFrameError.self) { try Canvas(width: 0, height: 10) }
        #expect(throws: DocFrameError.self) { try Font(path: "/no/such/font.ttf") }
        let c = try Canvas(width: 10, height: 10)
        #expect(throws: DocFrameError.self) { try c.fill(Rect(.infinity, 0, 5, 5), .black) }
        #expect(throws: DocFrameError.self) { try c.fill(Rect(0, 0, 5, 5), RGBA(300, 0, 0)) }
        #expect(throws: DocFrameError.self) { try c.fillPolygon([(0, 0), (1, 1)], .black) }
        #expect(throws: DocFrameError.self) { try c.line(0, 0, 1e12, 5, thickness: 1, .black) }
        do {
            try c.blur(c.bounds, sigma: -1)
            Issue.record("a negative blur was accepted")
        } catch let error as DocFrameError {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test func shapesOutsideTheCanvasAreClippedNotErrors() throws {
        let c = try Canvas(width: 20, height: 20, background: .white)
        try c.fillEllipse(cx: -50, cy: -50, rx: 10, ry: 10, .black)
        try c.fill(Rect(15, 15, 100, 100), .black)
        #expect(try pixel(c, 0, 0) == [255, 255, 255])
        #expect(try pixel(c, 19, 19) == [0, 0, 0])
    }
}
