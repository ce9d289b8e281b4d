import Foundation
import Testing
@testable import DocFrame

/// A blurred passport page whose outline is its booklet's cover (`PassportPage.insideCover`).
/// Fixture: a dev capture (render and synthesis seed 6104, motion blur 40 px; not the evaluation
/// set), re-encoded at JPEG quality 75.
@Suite("A blurred passport page found inside its booklet's cover")
struct PassportCoverTests {
    @Test("a blurred passport page outlined with its cover is named Passport, its corners near the page's")
    func blurredPageInsideCover() throws {
        let capture = try RecognitionFixtures.capture("passport-orv-front-6104-3.jpg", in: "blurred-passports")
        #expect(capture.conditions.contains("blur"))
        // Before: nothing named (the zone's rows measured on the cover's edge), the outline 3.6% off.
        let observation = try RecognitionFixtures.observe(capture)
        #expect(observation.document?.templateId == capture.templateId)
        #expect(observation.orientation?.degrees == capture.orientation)
        let truth = try #require(capture.corners), corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truth) < 0.025 * truth.diagonal, "\(corners)")
    }

    /// A cream page 500 x 352 inside a dark cover standing `cover` pixels beyond it on the sides
    /// named, blurred; the outline is the cover's.
    static func coveredPage(cover: (top: Int, right: Int, bottom: Int, left: Int)) throws -> (image: Image, outline: Quad, page: Quad) {
        let canvas = TestCanvas(width: 800, height: 600, gray: 150)
        let x0 = 150, y0 = 120, pw = 500, ph = 352
        canvas.rect(x: x0 - cover.left, y: y0 - cover.top, width: pw + cover.left + cover.right, height: ph + cover.top + cover.bottom, gray: 40)
        canvas.rect(x: x0, y: y0, width: pw, height: ph, gray: 230)
        canvas.degrade(blur: 3)
        func quad(_ l: Int, _ t: Int, _ r: Int, _ b: Int) -> Quad {
            Quad(topLeft: Point(x: Double(l), y: Double(t)), topRight: Point(x: Double(r), y: Double(t)),
                 bottomRight: Point(x: Double(r), y: Double(b)), bottomLeft: Point(x: Double(l), y: Double(b)))
        }
        return (try canvas.image(), quad(x0 - cover.left, y0 - cover.top, x0 + pw + cover.right, y0 + ph + cover.bottom),
                quad(x0, y0, x0 + pw, y0 + ph))
    }

    @Test("the page inside a cover on three sides is found within a few pixels")
    func pageInsideCover() throws {
        let scene = try Self.coveredPage(cover: (0, 12, 12, 12))
        let inside = try #require(PassportPage.insideCover(scene.outline, in: scene.image))
        #expect(inside.maxCornerDistance(to: scene.page) < 4, "\(inside)")
    }

    @Test("one dark side alone is no cover (a band printed along the page's edge)")
    func oneDarkSideIsNoCover() throws {
        let scene = try Self.coveredPage(cover: (0, 0, 0, 14))
        #expect(PassportPage.insideCover(scene.outline, in: scene.image) == nil)
    }
}
