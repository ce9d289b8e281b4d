import Testing
@testable import DocFrame

@Suite struct ImageGeometryTests {
    @Test func warpOfAxisAlignedQuadEqualsResizedCrop() throws {
        let image = try TestImages.halves(width: 200, height: 100)
        let quad = Quad(x: 50, y: 20, width: 100, height: 60)
        let warped = try image.warped(quad, width: 100, height: 60)
        let cropped = try image.cropped(x: 50, y: 20, width: 100, height: 60)
        #expect(warped.width == 100 && warped.height == 60)
        #expect(try TestImages.meanDifference(warped, cropped) < 2)
    }

    /// Naming the corners from the other end flattens an upside-down document upright.
    @Test func warpWithRotatedCornerOrderTurnsTheContent() throws {
        let image = try TestImages.halves(width: 200, height: 100)
        let q = Quad(x: 0, y: 0, width: 200, height: 100)
        let turned = Quad(topLeft: q.bottomRight, topRight: q.bottomLeft, bottomRight: q.topLeft, bottomLeft: q.topRight)
        let flat = try image.warped(turned, width: 200, height: 100)
        #expect(try TestImages.meanDifference(flat, image.rotated(quarterTurns: 2)) < 3)
    }

    @Test func rotateCropResizeGray() throws {
        let image = try TestImages.halves(width: 64, height: 32)
        let r = try image.rotated(quarterTurns: 1)
        #expect(r.width == 32 && r.height == 64)
        #expect(try image.rotated(quarterTurns: 4).packedPixels() == image.packedPixels())
        #expect(try image.cropped(x: 60, y: 30, width: 20, height: 20).width == 4)  // clipped
        #expect(code { try image.cropped(x: 100, y: 100, width: 5, height: 5) } == .invalidArgument)
        let small = try image.downscaled(maxDimension: 16)
        #expect(small.image.width == 16 && small.image.height == 8 && small.scale == 4)
        #expect(try image.grayscale().channels == 1)
        #expect(try image.grayscale().bgr().channels == 3)
    }

    @Test func degenerateQuadIsRefused() throws {
        let image = try TestImages.halves()
        let line = Quad(topLeft: Point(x: 0, y: 0), topRight: Point(x: 10, y: 10), bottomRight: Point(x: 20, y: 20), bottomLeft: Point(x: 30, y: 30))
        #expect(code { try image.warped(line, width: 100, height: 60) } == .invalidArgument)
        #expect(code { try image.warped(Quad(x: 0, y: 0, width: 10, height: 10), width: 0, height: 60) } == .invalidArgument)
    }
}
