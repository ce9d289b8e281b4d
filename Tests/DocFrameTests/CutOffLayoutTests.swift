import Foundation
import Testing
@testable import DocFrame

/// A cut-off card's layout compared on the part of it the photo shows (`LayoutVisibility`):
/// its flattening fills the part outside the photo with the border's pixels smeared across it,
/// which used to count against the card's own design.
/// Fixture: a dev capture (render seed 3101, synthesis seed 3101, cut off), scaled to 0.75 and
/// re-encoded at JPEG quality 60.
@Suite("Layout of a cut-off card compared where the photo shows it")
struct CutOffLayoutTests {
    @Test("a Quebec licence back cut off at the photo's border is named, surely, with its corners placed")
    func cutOffBack() throws {
        let capture = try RecognitionFixtures.capture("ca-qc-dl-back-3101-1.jpg", in: "cut-off-layout")
        #expect(capture.conditions.contains("cut_off"))
        let truth = try #require(capture.corners)
        let observation = try RecognitionFixtures.observe(capture)
        let document = try #require(observation.document, "no document")
        #expect(document.templateId == capture.templateId)
        // Compared whole, the layout on the outline its keypoints place was 0.38 (refused on 48
        // inliers); on the part in view, 0.72.
        #expect(document.confidence >= DocumentClassifier.verifyBelow)
        #expect(observation.orientation?.degrees == capture.orientation)
        let corners = try #require(observation.corners)
        #expect(corners.maxCornerDistance(to: truth) < 0.05 * truth.diagonal, "\(corners)")
        #expect(observation.quality?.cutOff == true)
    }

    @Test("the share in view of a flattening whose quad runs past the photo's border, and none for one inside it")
    func visibility() throws {
        // A 640 x 400 flattening of a quad whose left half lies left of the photo.
        let quad = Quad(topLeft: Point(x: -100, y: 0), topRight: Point(x: 100, y: 0),
                        bottomRight: Point(x: 100, y: 125), bottomLeft: Point(x: -100, y: 125))
        let seen = try #require(LayoutVisibility(width: 640, height: 400, toImage: Homography.rectangle(width: 640, height: 400, to: quad),
                                                 imageWidth: 300, imageHeight: 200))
        #expect(abs(seen.share - 0.5) < 0.01)
        // Grey map (64 x 40): the left column unseen, the right one seen.
        #expect(seen.values[0] == 0 && seen.values[63] == 1)
        let inside = Quad(topLeft: Point(x: 10, y: 10), topRight: Point(x: 210, y: 10),
                          bottomRight: Point(x: 210, y: 135), bottomLeft: Point(x: 10, y: 135))
        #expect(LayoutVisibility(width: 640, height: 400, toImage: Homography.rectangle(width: 640, height: 400, to: inside),
                                 imageWidth: 300, imageHeight: 200) == nil)
    }

    @Test("compared with everything in view, the layout scores are the plain comparison's")
    func allSeen() throws {
        let templates = RecognitionFixtures.builtIn.catalog.templates
        let layouts = try templates.map { t -> LayoutSignature? in
            let reference = try Image(contentsOfFile: try #require(t.referenceURL).path)
            return try LayoutSignature(of: reference, stability: NativeFeatures.load(from: try #require(t.featuresURL)))
        }
        let set = try LayoutReferences(layouts)
        let capture = try #require(RecognitionFixtures.captures(in: "cut-off-layout").first)
        let query = try LayoutSignature(of: try Image(contentsOfFile: capture.path).resized(width: 640, height: 400))
        // A quad whose corner lies just past the border, its cells all in view: every weight 1.
        let quad = Quad(topLeft: Point(x: -0.001, y: 0), topRight: Point(x: 640, y: 0),
                        bottomRight: Point(x: 640, y: 400), bottomLeft: Point(x: 0, y: 400))
        let all = try #require(LayoutVisibility(width: 640, height: 400, toImage: Homography.rectangle(width: 640, height: 400, to: quad),
                                                imageWidth: 640, imageHeight: 400))
        #expect(all.values.allSatisfy { $0 == 1 })
        let plain = try set.similarities(of: query)
        let seen = try set.similarities(of: query, visibility: all)
        for (p, s) in zip(plain, seen) {
            #expect(abs(p.upright - s.upright) < 1e-4 && abs(p.turned - s.turned) < 1e-4)
        }
    }
}
