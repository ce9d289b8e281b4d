import DocFrame
import Foundation

/// Rows for the capture session's own policy cost (issue 6), with recognition taken out: a
/// scripted analyzer hands back precomputed observations, so the rows time the session alone
/// (tracking, the table, holds, events) on 1280x720 frames.
enum CaptureBench {
    static func rows() throws -> [BenchRow] {
        let frame = try ImagingBench.syntheticPhoto(width: 1280, height: 720)
        let guide = GuideLayout.default.guide(frameWidth: 1280, frameHeight: 720, viewport: nil, format: .id1)
        let license = DocumentIdentity(templateId: "ca-on-dl-front", label: LocalizedText(en: "Ontario Driver's License"),
                                       kind: .driversLicense, side: .front, jurisdiction: "CA-ON", policy: .accepted, confidence: 0.97)

        // A card-shaped unknown document with a resting hand's jitter: "checking" forever, so a
        // long-lived session never finishes and each run is one ordinary frame.
        let jitter = (0..<64).map { i in
            observation(guide: guide, dx: Double(i % 3) - 1, dy: Double(i % 5) / 2 - 1, identity: nil)
        }
        let checkingAnalyzer = Playback(jitter)
        let checking = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: checkingAnalyzer)
        var t = 0.0

        // A steady known card: 47 frames to auto-capture (the hold starts on the second), including the guide cut and the flattening.
        let steady = Playback([observation(guide: guide, dx: 0, dy: 0, identity: license)])
        return [
            BenchRow(name: "capture policy, 30 frames (scripted, 1280x720)") {
                for _ in 0..<30 {
                    _ = try checking.process(frame, at: t)
                    t += 1.0 / 30
                }
            },
            BenchRow(name: "capture session to auto-capture, 47 frames") {
                let session = try CaptureSession(configuration: CaptureConfiguration(kind: .driversLicense), analyzer: steady)
                var captured = false
                for i in 0..<47 {
                    let update = try session.process(frame, at: Double(i) / 30)
                    captured = captured || update.events.contains { if case .captured = $0 { true } else { false } }
                }
                guard captured else { throw DocFrameError(.internalError, "the bench sequence did not auto-capture") }
            },
        ]
    }

    static func observation(guide: GuideRect, dx: Double, dy: Double, identity: DocumentIdentity?) -> DocumentObservation {
        let w = guide.width * 0.9, h = w / DocumentFormat.id1.aspectRatio
        let quad = Quad(x: guide.center.x - w / 2 + dx, y: guide.center.y - h / 2 + dy, width: w, height: h)
        return DocumentObservation(document: identity, corners: quad, orientation: .up,
                                   quality: QualityReport(coverage: quad.area / (1280 * 720), blur: 0.05, glare: 0, cutOff: false))
    }

    /// Plays observations back in a loop.
    final class Playback: FrameAnalyzing, @unchecked Sendable {
        private let observations: [DocumentObservation]
        private let lock = NSLock()
        private var next = 0

        init(_ observations: [DocumentObservation]) { self.observations = observations }

        func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
            lock.lock()
            defer { lock.unlock() }
            next = (next + 1) % observations.count
            return observations[next]
        }
    }
}
