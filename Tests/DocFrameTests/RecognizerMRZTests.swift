import Foundation
import Testing
@testable import DocFrame

/// Classification and the MRZ together: a passport page that no template describes is a
/// "Passport" by rule, from its zone, through the same `observe` call as every other document.
@Suite("Recognizer with MRZ") struct RecognizerMRZTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TrainingData/samples")

    @Test("a passport photo is a Passport by rule, with its checked MRZ and issuing state")
    func passportByRule() throws {
        let photo = Self.samples.appendingPathComponent("passport-uto-front-301-1.jpg").path
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: photo.replacingOccurrences(of: ".jpg", with: ".json")))) as! [String: Any]
        let observation = try RecognitionFixtures.builtIn.observe(Image(contentsOfFile: photo))
        let document = try #require(observation.document)
        #expect(document.templateId == "passport")
        #expect(document.kind == .passport && document.side == .front)
        #expect(document.jurisdiction == "UTO")
        let mrz = try #require(observation.mrz)
        #expect(mrz.valid)
        #expect(mrz.lines == truth["mrz"] as? [String])
        #expect(observation.timingMs["mrz", default: 0] > 0)
    }

    @Test("an upside-down passport by rule reports orientation 180 and its corners in its own order")
    func upsideDownPassport() throws {
        let photo = try Image(contentsOfFile: Self.samples.appendingPathComponent("passport-uto-front-301-1.jpg").path)
        let upright = try RecognitionFixtures.builtIn.observe(photo)
        let turned = try photo.rotated(quarterTurns: 2)
        let observation = try RecognitionFixtures.builtIn.observe(turned)
        #expect(observation.document?.templateId == "passport")
        #expect(observation.mrz?.valid == true)
        #expect(upright.orientation == .up)
        #expect(observation.orientation == .upsideDown)
        // The page's own top-left is where the upright photo's top-left lands after the turn.
        let a = try #require(upright.corners), b = try #require(observation.corners)
        let w = Double(photo.width), h = Double(photo.height)
        for (p, q) in zip(a.points, b.points) {
            #expect(abs((w - 1 - p.x) - q.x) < 0.02 * w && abs((h - 1 - p.y) - q.y) < 0.02 * h, "\(p) -> \(q)")
        }
    }

    @Test("a card without a zone carries no MRZ, and no time is spent looking for one")
    func noZoneNoMRZ() throws {
        let photo = Self.samples.appendingPathComponent("ca-on-dl-front-301-1.jpg").path
        let observation = try RecognitionFixtures.builtIn.observe(Image(contentsOfFile: photo))
        #expect(observation.document?.templateId == "ca-on-dl-front")
        #expect(observation.mrz == nil)
    }

    @Test("a bank card (not an ID) gets neither a document nor an MRZ")
    func bankCardIsNothing() throws {
        let observation = try RecognitionFixtures.builtIn.observe(Image(contentsOfFile: Self.samples.appendingPathComponent("negative-bank-card.jpg").path))
        #expect(observation.document == nil)
        #expect(observation.mrz == nil)
    }
}
