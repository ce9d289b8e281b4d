import DocFrame
import Foundation
import Specimens
import Testing

/// A design nobody trained, photographed as a phone does (`synthesize-captures --camera pinhole`),
/// must come back unknown with the built-in templates, never as the nearest built-in design.
@Suite("Holdout captures: an unseen design under a phone's camera is named nothing", .serialized)
struct HoldoutCaptureTests {
    /// An Alberta licence front shares Ontario's dark title band, portrait and field labels, and
    /// its title's "DRIVER'S LICENCE" reads as part of Ontario's header. The whole-frame pass
    /// verified Ontario's licence front on 32 inliers with a layout leading other designs by
    /// only 0.08 and a thumbnail of 0.31, and named this capture Ontario's at 0.92 (dev captures,
    /// render seed 34204, synthesis seed 34201).
    @Test("a photographed Alberta licence front is not named Ontario's licence")
    func albertaIsNotOntario() throws {
        let flat = try SynthesisFixture.temporaryFolder("unseen-flat")
        defer { try? FileManager.default.removeItem(atPath: flat) }
        let out = try SynthesisFixture.temporaryFolder("unseen-photos")
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try SpecimenRenderer.render(design: "ca-ab-dl", side: .front, seed: 34204).write(to: URL(fileURLWithPath: flat, isDirectory: true))
        #expect(try SynthesisFixture.run(["--in", flat, "--out", out, "--per-image", "2", "--seed", "34201", "--camera", "pinhole"]) == 0)
        let photo = try Image(contentsOfFile: out + "/ca-ab-dl-front-34204-2.jpg")
        let document = try Recognizer().observe(photo).document
        #expect(document == nil, "named \(document?.templateId ?? "") \(document?.confidence ?? 0)")
    }
}
