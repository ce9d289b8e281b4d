import DocFrame
import Foundation

/// Rows for the capture session (issue 6).
///
/// The first two time the session's own policy with recognition taken out (a scripted analyzer
/// hands back precomputed observations): tracking bookkeeping, the table, holds, events.
///
/// The "capture live" rows play real frame sequences through a live session with the real
/// recognizer (`LiveCaptureRun`): the frame path's cost per frame, and the label latency
/// measured from where it means something, per sequence:
/// - "entry": the card slides in from below at a legible size (its header readable once it is
///   in), the case of the target (label <= 300 ms after the document is in the frame,
///   release, one core, 1280x720); measured from the first frame it is in view and from the
///   first frame it is wholly in view;
/// - "approach": the card is first held far off (its header too small to read: no label is
///   due), then brought close; measured from in view (mostly the far stretch) and from the
///   first frame it is wholly in view at 80% or more of its resting size ("at size");
/// - "passport": a passport photo page slides in, held by its side (its zone uncovered), with
///   a passport asked for: the frame path while the page is reclassified until its zone reads
///   (`CapturePolicy.passportNeedsReadZone`), and how long after it is wholly in view it is taken.
/// Each latency is measured twice, interleaved pass by pass, with the current policy and with
/// `labelWaitWhileClassifying` off (0: the policy before it), so the two compare in one run.
/// `scripts/bench` makes both sequences (1280x720, 30 fps) and passes `--sequences`; without
/// it, TrainingData/sequences/approach scaled up to 1280x720 (or `$DOCFRAME_BENCH_SEQUENCE`).
/// For the one-core figures run `taskset -c 0 scripts/bench --filter "capture live"`. One pass
/// per 20 runs.
enum CaptureBench {
    static func rows(sequences: URL?) throws -> [BenchRow] {
        let live = LiveCaptureRun(sequences: LiveCaptureRun.folders(in: sequences))
        var rows = try policyRows()
        for name in live.names {
            func results(_ runs: Int, _ variant: LiveCaptureRun.Variant) throws -> LiveCaptureRun.Results {
                try live.results(passes: runs)[name]![variant]!
            }
            rows += [
                BenchRow(name: "capture live \(name): frame path ms") { runs in try results(runs, .current).frameMs },
                BenchRow(name: "capture live \(name): frame path p99 ms, one per pass") { runs in try results(runs, .current).p99 },
                BenchRow(name: "capture live \(name): frames dropped per pass") { runs in try results(runs, .current).dropped },
                BenchRow(name: "capture live \(name): classification wall ms (background)") { runs in try results(runs, .current).classifyWallMs },
                BenchRow(name: "capture live \(name): classification CPU ms (background)") { runs in try results(runs, .current).classifyCPUMs },
                BenchRow(name: "capture live \(name): fully in view to naming classification's start ms") { runs in
                    try results(runs, .current).classifyStartAfterFull
                },
                BenchRow(name: "capture live \(name): fully in view to auto-capture ms") { runs in
                    try results(runs, .current).capturedAfterFull
                },
            ]
            for variant in LiveCaptureRun.Variant.allCases {
                let tag = variant == .current ? "" : ", \(variant.rawValue)"
                rows += [
                    BenchRow(name: "capture live \(name): label ms from in view\(tag)") { runs in try results(runs, variant).latencyInView },
                    BenchRow(name: "capture live \(name): label ms from fully in view\(tag)") { runs in try results(runs, variant).latencyFull },
                    BenchRow(name: "capture live \(name): label ms from at size\(tag)") { runs in try results(runs, variant).latencyAtSize },
                ]
            }
        }
        return rows
    }

    static func policyRows() throws -> [BenchRow] {
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
