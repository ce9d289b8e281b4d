import Foundation
import Testing
@testable import DocFrame

/// Row 9 against small glare spots on coloured designs (`ReferenceGlare`): a highlight a few
/// millimetres wide washes out a patch of print the user can see, but it covers too few pixels
/// for the largest-patch measure over the whole card (`CapturePolicy.maxReferenceGlare`).
@Suite("Small glare spots")
struct SmallGlareSpotTests {
    static let designs = ["ca-on-dl-front", "ca-bc-dl-front", "ca-qc-dl-front"]

    /// The committed capture of `templateId`, scaled to a 426-pixel-wide frame (the small live
    /// stream), with its ground-truth outline scaled alike, and the card's width in that frame.
    static func frame(_ templateId: String) throws -> (frame: Image, corners: Quad, cardWidth: Double) {
        let (frame, corners) = try #require(try RecognitionFixtures.scaledCapture(templateId + "-301-1.jpg"))
        return (frame, corners, corners.topLeft.distance(to: corners.topRight))
    }

    /// Readings with a spot of `radius` card widths at a 5 x 5 grid of positions over the card.
    static func spotted(_ templateId: String, radius: Double) throws -> [Double] {
        let (frame, corners, width) = try frame(templateId)
        var readings: [Double] = []
        for u in stride(from: 0.15, through: 0.851, by: 0.175) {
            for v in stride(from: 0.15, through: 0.851, by: 0.175) {
                let glared = try WhiteDesignGlareTests.withGlare(frame, at: WhiteDesignGlareTests.onCard(corners, u, v), radius: radius * width)
                readings.append(try #require(try RecognitionFixtures.builtIn.referenceGlare(glared, corners: corners, templateId: templateId)))
            }
        }
        return readings
    }

    @Test("the glare-free captures pass row 9", arguments: designs)
    func cleanPasses(_ templateId: String) throws {
        let (frame, corners, _) = try Self.frame(templateId)
        let reading = try #require(try RecognitionFixtures.builtIn.referenceGlare(frame, corners: corners, templateId: templateId))
        #expect(reading <= CapturePolicy().maxReferenceGlare, "\(templateId) read \(reading)")
    }

    /// On the Quebec front (45% of its reference white, excluded from the measure) even this
    /// spot was caught at only 5 of 25 positions; with the reference's white judged on its
    /// averaged colour and clipped light only, 14 of 25 (readings 0.002-0.004 at three more): a
    /// known issue there still.
    @Test("a spot a fifth of the card wide is caught at most positions", arguments: designs)
    func largeSpotCaught(_ templateId: String) throws {
        let readings = try Self.spotted(templateId, radius: 0.1)
        let caught = readings.filter { $0 > CapturePolicy().maxReferenceGlare }.count
        withKnownIssue("the Quebec front's white design leaves most spots unjudged", isIntermittent: false) {
            #expect(caught >= 15, "\(templateId): \(caught) of 25, readings \(readings.map { String(format: "%.4f", $0) })")
        } when: {
            templateId == "ca-qc-dl-front"
        }
    }

    /// What keeps issue 6 open: a spot 0.04 card widths in radius (3.4 mm on an ID-1 card) reads
    /// under the threshold almost everywhere (now 0.0011-0.0031: Ontario 0 of 25, BC 2, Quebec
    /// 0). A threshold near 0.0012 would catch Ontario's and BC's, but the clean Ontario capture
    /// reads 0.0011 itself: its portrait's pale cheek, clipped, over the reference's blurred face
    /// (personal data: the template's stability mask could leave it out). Recorded as a known issue, so this test starts to
    /// fail (and the wrapper must go) once a measure relative to local print catches it.
    @Test("a spot 0.04 card widths in radius is caught at most positions (known issue)", arguments: designs)
    func smallSpotCaught(_ templateId: String) throws {
        let readings = try Self.spotted(templateId, radius: 0.04)
        let caught = readings.filter { $0 > CapturePolicy().maxReferenceGlare }.count
        withKnownIssue("a small spot is diluted in the whole-card largest-patch measure") {
            #expect(caught >= 15, "\(templateId): \(caught) of 25, readings \(readings.map { String(format: "%.4f", $0) })")
        }
    }
}
