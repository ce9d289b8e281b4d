import Foundation
import Testing
@testable import DocFrame

/// A live session fed a frame it cannot use (its analysis fails): the frame is skipped with a
/// typed error, nothing on screen changes, and the next frames finish the capture.
@Suite("Capture: bad frames in a live session")
struct CaptureBadFrameTests {
    /// The real recognizer, except that it fails on frames of one size (the bad frames).
    struct FailingOn: FrameAnalyzing {
        let base: Recognizer
        let width: Int

        func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
            if frame.width == width { throw DocFrameError(.internalError, "the analysis failed on this frame") }
            return try base.analyze(frame, request: request)
        }
        func referenceGlare(_ frame: Image, corners: Quad, templateId: String) throws -> Double? {
            try base.referenceGlare(frame, corners: corners, templateId: templateId)
        }
        func otherSide(of templateId: String) -> String? { base.otherSide(of: templateId) }
    }

    @Test("the steady sequence live, with frames whose analysis fails in its hold: skipped, and the front is still taken")
    func failingFramesSkipped() throws {
        let folder = CaptureSequenceTests.root + "/steady"
        let bad = try Image(pixels: [UInt8](repeating: 90, count: 64 * 36 * 3), width: 64, height: 36, bytesPerRow: 64 * 3, format: .bgr)
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense),
                                         analyzer: FailingOn(base: RecognitionFixtures.builtIn, width: 64))
        defer { session.waitForBackgroundWork() }
        var previous: FrameState?
        var skipped: [Int] = []
        var takenAt: Int?
        // 35 frames of the sequence, then its last frame held for 2 s more.
        for i in 0..<55 {
            let t = Double(i) / 10
            let badFrame = (14...16).contains(i)
            let frame = badFrame ? bad : try Image(contentsOfFile: folder + String(format: "/%05d.jpg", min(i, 34)))
            let update = try #require(try session.offer(frame, at: t))
            // Every classification ends before the next frame (a fast machine): deterministic.
            session.waitForBackgroundWork()
            if let error = update.skipped {
                skipped.append(i)
                #expect(error.code == .internalError)
                #expect(update.state == previous, "frame \(i): a skipped frame changes nothing on screen")
                #expect(update.events.isEmpty)
            }
            if update.events.contains(where: { if case .captured = $0 { true } else { false } }) { takenAt = i }
            previous = update.state
            if takenAt != nil { break }
        }
        #expect(skipped == [14, 15, 16])
        let taken = try #require(takenAt, "the front is captured after the bad frames")
        #expect(taken > 16)
    }

    @Test("frames that hold nothing usable (a few pixels, one grey level) are no document, never an error")
    func degenerateFrames() throws {
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: RecognitionFixtures.builtIn)
        defer { session.waitForBackgroundWork() }
        let tiny = try Image(pixels: [UInt8](repeating: 200, count: 2 * 2 * 4), width: 2, height: 2, bytesPerRow: 8, format: .bgra)
        let flat = try Image(pixels: [UInt8](repeating: 0, count: 1280 * 720), width: 1280, height: 720, bytesPerRow: 1280, format: .gray8)
        let strip = try Image(pixels: [UInt8](repeating: 128, count: 4000 * 3), width: 4000, height: 3, bytesPerRow: 4000, format: .gray8)
        for (i, frame) in [tiny, flat, strip, tiny].enumerated() {
            let update = try session.process(frame, at: Double(i) / 10)
            #expect(update.skipped == nil)
            #expect(update.state.instruction.key == .searching)
        }
    }
}
