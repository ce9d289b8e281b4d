import Foundation
import Testing
@testable import DocFrame

// The scripted world the capture tests run in: an analyzer that answers what the script says
// (as the recognition layer would, including "locate only" answers without identity), small
// blank frames, and a recorder of every frame's state and events.

/// Identities of the built-in documents (DESIGN.md, built-in documents).
enum Docs {
    static func identity(_ id: String, _ label: String, _ kind: DocumentKind, _ side: DocumentSide,
                         policy: DocumentPolicy = .accepted, es: String? = nil, fr: String? = nil) -> DocumentIdentity {
        DocumentIdentity(templateId: id, label: LocalizedText(en: label, es: es, fr: fr), kind: kind, side: side,
                         jurisdiction: "CA-ON", policy: policy, confidence: 0.97)
    }

    static let licenseFront = identity("ca-on-dl-front", "Ontario Driver's License", .driversLicense, .front,
                                       es: "Licencia de conducir de Ontario", fr: "Permis de conduire de l'Ontario")
    static let licenseBack = identity("ca-on-dl-back", "Ontario Driver's License", .driversLicense, .back)
    static let photoCardFront = identity("ca-on-photo-front", "Ontario Photo Card", .idCard, .front)
    static let photoCardBack = identity("ca-on-photo-back", "Ontario Photo Card", .idCard, .back)
    static let healthCard = identity("ca-on-health-front", "Ontario Health Card", .healthCard, .front, policy: .unusable)
    static let passport = identity("passport", "Passport", .passport, .front)

    static func front(of kind: DocumentKind) -> DocumentIdentity {
        switch kind {
        case .driversLicense: licenseFront
        case .idCard: photoCardFront
        case .passport: passport
        case .healthCard: healthCard
        }
    }
}

/// A document placed in the frame: its identity (nil: unknown), how much of the guide it
/// fills, where it sits, and how it looks.
struct Shot: Sendable {
    var identity: DocumentIdentity?
    /// Linear scale against the guide (1: exactly the guide). Area fill is scale².
    var scale = 0.9
    var offset = Point(x: 0, y: 0)
    var orientation = Orientation.up
    var blur = 0.05
    var glare = 0.0
    var cutOff = false
    /// What the analyzer's `referenceGlare` reads for this frame (nil: it cannot judge).
    var referenceGlare: Double?
    /// Shape (width over height); nil: the identity's format, or ID-1.
    var aspect: Double?
    /// Look-alikes the classifier could not tell `identity` from (its header unread).
    var lookAlikes: [DocumentIdentity] = []
    /// A passport's zone reads with every check holding (false: a thumb over it); classifications
    /// of a passport then carry a valid MRZ, as the recognizer's would.
    var zoneRead = true

    static let none: Shot? = nil

    static func of(_ identity: DocumentIdentity?, scale: Double = 0.9) -> Shot {
        Shot(identity: identity, scale: scale)
    }

    func observation(in guide: GuideRect, frameWidth: Int, frameHeight: Int) -> DocumentObservation {
        let format: DocumentFormat = identity?.kind == .passport ? .td3 : .id1
        let ratio = aspect ?? format.aspectRatio
        // The document's long side against the guide's width.
        var w = guide.width * scale, h = w / ratio
        let sideways = orientation == .right || orientation == .left
        if sideways { swap(&w, &h) }
        let c = Point(x: guide.center.x + offset.x, y: guide.center.y + offset.y)
        let imageOrder = Quad(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
        // Document order: the document's top-left is where its rotation puts it.
        let corners = imageOrder.rotatingLabels(by: orientation.quarterTurns)
        let coverage = imageOrder.area / Double(frameWidth * frameHeight)
        var observation = DocumentObservation(document: identity, corners: corners, orientation: orientation,
                                              quality: QualityReport(coverage: coverage, blur: blur, glare: glare, cutOff: cutOff))
        observation.undecidedLookAlikes = lookAlikes
        if identity?.kind == .passport, zoneRead {
            observation.mrz = MRZResult(format: .td3, lines: ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"],
                                        valid: true, checks: ["documentNumber": true, "birthDate": true, "expiryDate": true,
                                                              "optionalData": true, "composite": true], fields: [:])
        }
        return observation
    }
}

/// Answers each frame with the script's current observation. `.locate` answers carry no
/// identity or orientation and list the corners from the one nearest the image's origin, as a
/// locator that knows nothing of the document would.
final class ScriptedAnalyzer: FrameAnalyzing, @unchecked Sendable {
    private let lock = NSLock()
    private var current: DocumentObservation = DocumentObservation()
    private var currentReferenceGlare: Double?
    private var requests: [AnalysisRequest] = []
    /// Called inside `analyze` (to block it in the live-mode test).
    var onAnalyze: (@Sendable (AnalysisDepth) -> Void)?
    /// Called inside `analyze` with the whole request (to slow down partial classifications).
    var onRequest: (@Sendable (AnalysisRequest) -> Void)?

    func set(_ observation: DocumentObservation, referenceGlare: Double? = nil) {
        lock.lock(); current = observation; currentReferenceGlare = referenceGlare; lock.unlock()
    }

    func referenceGlare(_ frame: Image, corners: Quad, templateId: String) throws -> Double? {
        lock.lock(); defer { lock.unlock() }
        return currentReferenceGlare
    }

    var depths: [AnalysisDepth] {
        lock.lock(); defer { lock.unlock() }
        return requests.map(\.depth)
    }

    /// Every request so far, in order.
    var allRequests: [AnalysisRequest] {
        lock.lock(); defer { lock.unlock() }
        return requests
    }

    /// The built-in templates' pairing: each front's other side is its back.
    func otherSide(of templateId: String) -> String? {
        templateId.hasSuffix("-front") ? String(templateId.dropLast(6)) + "-back" : nil
    }

    func analyze(_ frame: Image, request: AnalysisRequest) throws -> DocumentObservation {
        onAnalyze?(request.depth)
        onRequest?(request)
        lock.lock()
        requests.append(request)
        var answer = current
        lock.unlock()
        if request.depth == .locate, let corners = answer.corners {
            answer.document = nil
            answer.undecidedLookAlikes = []
            answer.orientation = nil
            answer.mrz = nil
            let nearest = corners.points.enumerated().min { $0.element.x + $0.element.y < $1.element.x + $1.element.y }!.offset
            answer.corners = corners.rotatingLabels(by: nearest)
        }
        return answer
    }
}

/// One processed frame as the tests look at it.
struct Step {
    var frame: Int
    var t: Double
    var state: FrameState
    var events: [CaptureEvent]

    var keys: [InstructionKey] { events.compactMap { if case .instructionChanged(let i) = $0 { i.key } else { nil } } }
    var haptics: [HapticKind] { events.compactMap { if case .haptic(let h) = $0 { h } else { nil } } }
    var captures: [Capture] { events.compactMap { if case .captured(let c) = $0 { c } else { nil } } }
    var finished: CaptureResult? { events.lazy.compactMap { if case .finished(let r) = $0 { r } else { nil } }.first }
    var flips: [FlipAnimation] { events.compactMap { if case .flip(let f) = $0 { f } else { nil } } }
    var shutterAppeared: Bool { events.contains { if case .shutterAvailable = $0 { true } else { false } } }
}

/// Drives a session frame by frame at a fixed rate and records everything.
final class CaptureHarness {
    static let frameWidth = 640, frameHeight = 360
    /// One blank frame shared by every step (Image is immutable; copies are free).
    static let blank: Image = {
        let bytes = [UInt8](repeating: 90, count: frameWidth * frameHeight * 3)
        return try! Image(pixels: bytes, width: frameWidth, height: frameHeight, bytesPerRow: frameWidth * 3, format: .bgr)
    }()

    let analyzer = ScriptedAnalyzer()
    let session: CaptureSession
    let fps: Double
    private(set) var steps: [Step] = []
    private(set) var t = 0.0
    var device = DeviceOrientation.portrait

    init(kind: DocumentKind = .driversLicense, language: Language = .en, reduceMotion: Bool = false,
         policy: CapturePolicy = .default, fps: Double = 30) throws {
        self.fps = fps
        session = try CaptureSession(configuration: CaptureConfiguration(kind: kind, language: language, reduceMotion: reduceMotion,
                                                                         policy: policy),
                                     analyzer: analyzer)
    }

    var guide: GuideRect {
        session.configuration.layout.guide(frameWidth: Self.frameWidth, frameHeight: Self.frameHeight, viewport: nil,
                                           format: session.configuration.format)
    }

    /// Feeds frames for `seconds`, each showing `shot(timeIntoSegment)`.
    @discardableResult
    func run(_ seconds: Double, _ shot: (Double) -> Shot?) throws -> [Step] {
        let start = steps.count
        let count = Int((seconds * fps).rounded())
        let t0 = t
        for _ in 0..<count {
            let current = shot(t - t0)
            let observation = current?.observation(in: guide, frameWidth: Self.frameWidth, frameHeight: Self.frameHeight)
                ?? DocumentObservation()
            analyzer.set(observation, referenceGlare: current?.referenceGlare)
            let update = try session.process(Self.blank, at: t, deviceOrientation: device)
            steps.append(Step(frame: steps.count, t: t, state: update.state, events: update.events))
            t = Double(steps.count) / fps
        }
        return Array(steps[start...])
    }

    /// Same shot throughout.
    @discardableResult
    func run(_ seconds: Double, showing shot: Shot?) throws -> [Step] {
        try run(seconds) { _ in shot }
    }

    func cancel() -> CaptureUpdate {
        let update = session.cancel(at: t)
        steps.append(Step(frame: steps.count, t: t, state: update.state, events: update.events))
        return update
    }

    var captures: [Capture] { steps.flatMap(\.captures) }
    var result: CaptureResult? { session.result }
    var allKeys: [InstructionKey] { steps.flatMap(\.keys) }

    /// The first step whose state shows `key`.
    func first(_ key: InstructionKey) -> Step? { steps.first { $0.state.instruction.key == key } }

    /// Every row shown, with how long it stayed; the last row's duration is open (nil).
    var rowSpans: [(key: InstructionKey, state: CaptureState, label: String?, start: Double, end: Double?, endedBy: InstructionKey?)] {
        var spans: [(InstructionKey, CaptureState, String?, Double, Double?, InstructionKey?)] = []
        var previous: FrameState?
        for step in steps {
            let s = step.state
            if let p = previous, p.state == s.state, p.instruction == s.instruction, p.label == s.label, p.tick == s.tick {
                continue
            }
            if !spans.isEmpty { spans[spans.count - 1].4 = step.t; spans[spans.count - 1].5 = s.instruction.key }
            spans.append((s.instruction.key, s.state, s.label, step.t, nil, nil))
            previous = s
        }
        return spans.map { (key: $0.0, state: $0.1, label: $0.2, start: $0.3, end: $0.4, endedBy: $0.5) }
    }

    /// DESIGN.md: no row is replaced before the instruction hold, except by a capture, done or cancel.
    func expectNoRowShorterThanHold(_ hold: Double = 1.0, sourceLocation: SourceLocation = #_sourceLocation) {
        for span in rowSpans {
            guard let end = span.end, let by = span.endedBy, ![.frontCaptured, .backCaptured, .done].contains(by) else { continue }
            #expect(end - span.start >= hold - 1e-9, "\(span.key) shown only \(end - span.start) s before \(by)",
                    sourceLocation: sourceLocation)
        }
    }
}

@Suite("Capture test harness")
struct CaptureScriptTests {
    @Test("a locate-only answer hides identity and relabels corners, as a real locator would")
    func locateAnswersCarryNoIdentity() throws {
        let analyzer = ScriptedAnalyzer()
        var shot = Shot.of(Docs.licenseFront)
        shot.orientation = .upsideDown
        let guide = GuideRect(x: 100, y: 50, width: 400, height: 252)
        analyzer.set(shot.observation(in: guide, frameWidth: 640, frameHeight: 360))
        let full = try analyzer.analyze(CaptureHarness.blank, request: AnalysisRequest(depth: .locateAndClassify))
        let located = try analyzer.analyze(CaptureHarness.blank, request: AnalysisRequest(depth: .locate))
        #expect(full.document == Docs.licenseFront)
        #expect(full.corners!.topLeft.x > full.corners!.bottomRight.x, "an upside-down card's top-left is at the image's bottom-right")
        #expect(located.document == nil && located.orientation == nil)
        #expect(located.corners!.topLeft.x < located.corners!.bottomRight.x)
    }
}
