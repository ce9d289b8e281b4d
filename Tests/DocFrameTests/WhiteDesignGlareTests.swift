import Foundation
import Testing
@testable import DocFrame

/// Glare on a mostly white design (the Quebec licence back), judged by the print the photo loses
/// (`ReferenceGlare`): the plain washed-out share reads its white as glare and held a glare-free
/// back on "Avoid the glare", so it was never taken.
@Suite("Glare on a mostly white design")
struct WhiteDesignGlareTests {
    /// The committed Quebec back capture, scaled to a 426-pixel-wide frame (the small live
    /// stream), with its ground-truth outline scaled alike.
    static func quebecBack() throws -> (frame: Image, corners: Quad) {
        try #require(try RecognitionFixtures.scaledCapture("ca-qc-dl-back-301-1.jpg"))
    }

    /// A point of the card given as a share of its width and height (bilinear over the outline:
    /// close enough for placing a spot).
    static func onCard(_ quad: Quad, _ u: Double, _ v: Double) -> Point {
        let top = Point(x: quad.topLeft.x + (quad.topRight.x - quad.topLeft.x) * u, y: quad.topLeft.y + (quad.topRight.y - quad.topLeft.y) * u)
        let bottom = Point(x: quad.bottomLeft.x + (quad.bottomRight.x - quad.bottomLeft.x) * u,
                           y: quad.bottomLeft.y + (quad.bottomRight.y - quad.bottomLeft.y) * u)
        return Point(x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v)
    }

    /// A highlight: white at its core, fading out to `radius` (as a lamp's reflection does).
    static func withGlare(_ image: Image, at centre: Point, radius: Double) throws -> Image {
        var pixels = try image.bgr().packedPixels()
        let w = image.width, h = image.height
        for y in 0..<h {
            for x in 0..<w {
                let d = ((Double(x) - centre.x) * (Double(x) - centre.x) + (Double(y) - centre.y) * (Double(y) - centre.y)).squareRoot()
                let a = min(1, max(0, 1.6 - 1.6 * d / radius))
                guard a > 0 else { continue }
                for c in 0..<3 {
                    let i = (y * w + x) * 3 + c
                    pixels[i] = UInt8((Double(pixels[i]) * (1 - a) + 255 * a).rounded())
                }
            }
        }
        return try Image(pixels: pixels, width: w, height: h, bytesPerRow: w * 3, format: .bgr)
    }

    @Test("a glare-free Quebec back is judged (not left to the washed-out share) and passes row 9")
    func cleanBackPasses() throws {
        let (frame, corners) = try Self.quebecBack()
        let policy = CapturePolicy()
        let measured = try RecognitionFixtures.builtIn.referenceGlare(frame, corners: corners, templateId: "ca-qc-dl-back")
        let glare = try #require(measured, "a white design must be judged against its reference")
        #expect(glare <= policy.maxReferenceGlare, "clean back read \(glare)")
    }

    @Test("the same back with a glare spot over its text block is told to avoid the glare")
    func glareOverTextCaught() throws {
        let (frame, corners) = try Self.quebecBack()
        let policy = CapturePolicy()
        // Over the "Classes et mentions" lines, a spot about a tenth of the card wide.
        let width = hypot(corners.topRight.x - corners.topLeft.x, corners.topRight.y - corners.topLeft.y)
        let glared = try Self.withGlare(frame, at: Self.onCard(corners, 0.3, 0.2), radius: 0.1 * width)
        let measured = try RecognitionFixtures.builtIn.referenceGlare(glared, corners: corners, templateId: "ca-qc-dl-back")
        let glare = try #require(measured)
        #expect(glare > policy.maxReferenceGlare, "glared back read \(glare)")
    }
}
