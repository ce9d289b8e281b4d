import Foundation
import Testing
@testable import DocFrame

/// Captures where only part of the card is in view: no outline of the whole card exists, and the
/// frame pass's keypoints are spread too thin over the rest of the photo; the frame pass around
/// the located part recognises them (DocumentClassifier+Region). A cut-off title leaves the rest
/// of the design to tell twins apart (TwinContrast). A back's bar code is left out of the query's
/// keypoints (`dv_barcode.hpp` in the shim), so the back's design gets them.
@Suite("Recognition of cut-off captures")
struct CutOffCaptureTests {
    @Test("a card back with part of it outside the photo is recognised, with its side, orientation and corners",
          arguments: ["ca-on-dl-back-7101-1", "ca-pr-back-7102-2"])
    func cutOffBack(name: String) throws {
        let capture = try RecognitionFixtures.capture(name, in: "cut-off")
        #expect(capture.conditions.contains("cut_off"))
        let truthCorners = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "\(name): no document")
        #expect(document.templateId == capture.templateId)
        #expect(document.side == .back)
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truthCorners) < 0.02 * truthCorners.diagonal)
        #expect(observation.quality?.cutOff == true)
    }

    @Test("a cut-off card back whose bar code took every keypoint is recognised once the bar code is left out, with its side, orientation and corners")
    func cutOffBarcodeBack() throws {
        // The start of session 12 answered no document here: the PDF417 block's dense modules
        // took the keypoint budget and verified no inliers in any pass.
        let capture = try RecognitionFixtures.capture("ca-bc-dl-back-8202-4.jpg", in: "cut-off")
        #expect(capture.conditions.contains("cut_off"))
        let truthCorners = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-bc-dl-back")
        #expect(document.side == .back)
        #expect(document.confidence >= 0.8)
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truthCorners) < 0.02 * truthCorners.diagonal)
        #expect(observation.quality?.cutOff == true)
    }

    @Test("a card back tilted away and cut off by the photo's near edge is recognised: the sides running to the edge converge by more than 20 degrees")
    func tiltedCutOffBack() throws {
        // The start of session 16 answered no document here: the card's sides that cross the
        // bottom edge converge so strongly (the card tilted towards the camera at its near,
        // cut-off end) that no pair of edges parallel within 20 degrees outlined the part in view,
        // and the frame passes found too few of the back's keypoints among the table's.
        let capture = try RecognitionFixtures.capture("ca-pr-back-9702-4.jpg", in: "cut-off")
        #expect(capture.conditions.contains("cut_off") && capture.conditions.contains("tilt"))
        let truth = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-pr-back")
        #expect(document.side == .back)
        #expect(observation.orientation?.degrees == capture.orientation)
        // The corners in view are placed; the hidden ones are extrapolated from a steep tilt.
        let corners = try #require(observation.corners)
        #expect(corners.topLeft.distance(to: truth.topLeft) < 0.02 * truth.diagonal)
        #expect(corners.topRight.distance(to: truth.topRight) < 0.02 * truth.diagonal)
        #expect(observation.quality?.cutOff == true)
    }

    /// An Ontario health card's back and front share their colours' places (white above, a green
    /// wave below, a portrait at the right). With a third of the back out of view, the outline
    /// along the photo's left border flattened the part in view into a whole card that
    /// thumbnailed as the front (0.93, layouts 0.02 apart), and that glance named the front at
    /// 0.75, reported whole (5 of 12 cut-off health backs on a dev set, render seeds 1710-1712).
    @Test("a health card back with a third of it out of view is never named as its front, and is reported cut off",
          arguments: ["ca-on-health-back-1711-1", "ca-on-health-back-1711-2"])
    func cutOffBackNotItsFront(name: String) throws {
        let capture = try RecognitionFixtures.capture(name, in: "cut-off")
        #expect(capture.conditions.contains("cut_off"))
        let observation = try RecognitionFixtures.observe(capture)
        #expect(observation.document == nil || observation.document?.templateId == "ca-on-health-back",
                "\(name): named \(observation.document?.templateId ?? "-")")
        #expect(observation.quality?.cutOff == true, "\(name): reported whole")
    }

    @Test("a photo card whose title is cut off is told from the licence on the same artwork by the rest of its design, as a guess")
    func cutOffTwin() throws {
        let capture = try RecognitionFixtures.capture("ca-on-photo-front-5502-2.jpg", in: "cut-off")
        #expect(capture.conditions.contains("cut_off"))
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == "ca-on-photo-front")
        // The header was not read: the licence stays a possibility for the capture session.
        #expect(document.confidence <= DocumentClassifier.lookAlikeGuess)
        #expect(observation.undecidedLookAlikes.map(\.templateId) == ["ca-on-dl-front"])
    }

    @Test("regions of interest: around each located object with a margin, clipped, none when it is most of the frame")
    func regions() {
        func located(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> LocatedQuad {
            LocatedQuad(corners: Quad(x: x, y: y, width: w, height: h), score: 0.5, edgeSupport: 0.5, aspect: 1.58, cutOff: false)
        }
        let regions = DocumentClassifier.regionsOfInterest([located(100, 500, 400, 250)], width: 1280, height: 720)
        #expect(regions.count == 1)
        if let r = regions.first {
            #expect(r.x == 0 && r.y == 300 && r.width == 700 && r.height == 420)
        }
        #expect(DocumentClassifier.regionsOfInterest([located(100, 100, 1000, 500)], width: 1280, height: 720).isEmpty)
    }
}
