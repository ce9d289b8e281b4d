import Foundation
import Testing
@testable import DocFrame

/// Captures whose keypoint answer was too weak to stand where it was matched (a cut-off card's
/// visible part flattened out of shape, a located inner box): looked at again where the template's
/// homography places the card, they are named (`DocumentClassifier.secondLook`).
@Suite("Second look at a weakly matched card")
struct SecondLookTests {
    @Test("a cut-off card back matched on a few keypoints is named, with its side and orientation")
    func cutOffBack() throws {
        let name = "ca-on-health-back-7501-1.jpg"
        let capture = try #require(RecognitionFixtures.captures(in: "second-look").first { $0.name == name })
        #expect(capture.conditions.contains("cut_off"))
        let observation = try RecognitionFixtures.builtIn.observe(try Image(contentsOfFile: capture.path))
        let document = try #require(observation.document, "\(name): no document")
        #expect(document.templateId == capture.templateId)
        #expect(document.side == .back)
        #expect(observation.orientation?.degrees == capture.orientation)
        #expect(observation.quality?.cutOff == true)
    }

    @Test("the part of a document beyond the frame is left out of its layout, for every design alike")
    func visibility() throws {
        // A 100 x 50 document shifted half its width to the left: its left half is outside.
        let shifted = Homography([1, 0, -50, 0, 1, 0, 0, 0, 1])
        let mask = try #require(LayoutSignature.visibility(width: 100, height: 50, toImage: shifted, imageWidth: 200, imageHeight: 200))
        let grey = LayoutSignature.greyGrid.width * LayoutSignature.greyGrid.height
        #expect(mask.count == 64 * 40 + 2 * 32 * 20)  // grey, then the two chroma planes
        #expect(mask[0] == 0 && mask[LayoutSignature.greyGrid.width - 1] == 1)
        #expect(mask.prefix(grey).reduce(0, +) == Float(grey / 2))
        // Turned 180 degrees, the visible half is the other one.
        let turned = LayoutSignature.turned(mask)
        #expect(turned[0] == 1 && turned[LayoutSignature.greyGrid.width - 1] == 0)
        // Wholly in view: no mask, the layout is compared as before.
        #expect(LayoutSignature.visibility(width: 100, height: 50, toImage: Homography([1, 0, 0, 0, 1, 0, 0, 0, 1]),
                                           imageWidth: 200, imageHeight: 200) == nil)
    }
}
