import Foundation
import Testing
@testable import DocFrame

/// A passport page the locator split in two outlines along a line printed across it (the
/// photo's frame): neither part has a photo page's layout under its title, the two joined do
/// (`PassportPage.joined`).
@Suite("Passport pages split into two outlines")
struct PassportJoinedOutlineTests {
    @Test("two outlines sharing a whole side join into one, in the first one's turning sense")
    func sharedSide() throws {
        let left = Quad(x: 200, y: 600, width: 270, height: 400)
        // The right part, its shared corners a few pixels off the left part's.
        let right = Quad(topLeft: Point(x: 472, y: 603), topRight: Point(x: 1150, y: 600),
                         bottomRight: Point(x: 1145, y: 1000), bottomLeft: Point(x: 468, y: 1012))
        let joined = try #require(PassportPage.joined(right, left))
        let corners = Set(joined.points.map { [Int($0.x), Int($0.y)] })
        #expect(corners == [[200, 600], [1150, 600], [1145, 1000], [200, 1000]])
        // Clockwise as the outlines were: flattening it mirrors nothing.
        let p = joined.points
        let turning = (0..<4).map { i -> Double in
            let a = p[(i + 1) % 4] - p[i], b = p[(i + 2) % 4] - p[(i + 1) % 4]
            return a.x * b.y - a.y * b.x
        }
        #expect(turning.allSatisfy { $0 > 0 })
        #expect(PassportPage.joined(left, right) != nil)
    }

    @Test("outlines sharing a corner only, or one inside the other, are not joined")
    func noSharedSide() {
        let a = Quad(x: 0, y: 0, width: 400, height: 280)
        #expect(PassportPage.joined(a, Quad(x: 400, y: 280, width: 400, height: 280)) == nil)
        #expect(PassportPage.joined(a, Quad(x: 0, y: 0, width: 200, height: 280)) == nil)
        #expect(PassportPage.joined(a, Quad(x: 600, y: 0, width: 400, height: 280)) == nil)
    }
}

extension PassportJoinedOutlineTests {
    @Test("a passport page cut off below its fields and outlined in two parts is a Passport by its title, upright")
    func splitPage() throws {
        let photo = try PassportOtherOutlineTests.capture("passport-val-front-9801-2")
        // The locator outlines the part holding the photo's column and the part holding the
        // fields, side by side (neither shows a photo page's layout under the title alone).
        let outlines = try RecognitionFixtures.builtIn.locator.locate(in: photo, limit: Recognizer.outlines).map(\.corners)
        #expect(outlines.indices.contains { i in outlines.indices.contains { j in i != j && PassportPage.joined(outlines[i], outlines[j]) != nil } })
        let observation = try RecognitionFixtures.builtIn.observe(photo)
        let document = try #require(observation.document)
        #expect(document.templateId == PassportRule.templateId && document.kind == .passport && document.side == .front)
        #expect(document.confidence == PassportRule.unreadConfidence)
        #expect(document.jurisdiction == PassportRule.unknownJurisdiction)
        #expect(observation.orientation == .up)
        // The page's top edge, which is in view, is where the ground truth has it.
        let truth = Quad(topLeft: Point(x: 366.9, y: 471), topRight: Point(x: 911.5, y: 582.6),
                         bottomRight: Point(x: 836.5, y: 960.5), bottomLeft: Point(x: 292.3, y: 860.5))
        let corners = try #require(observation.corners)
        #expect(corners.topLeft.distance(to: truth.topLeft) < 0.02 * truth.diagonal)
        #expect(corners.topRight.distance(to: truth.topRight) < 0.02 * truth.diagonal)
    }
}
