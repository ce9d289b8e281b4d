import Foundation

/// The guided capture: turns camera frames, one after another, into one instruction at a time,
/// a guide colour, haptics and announcements, and finally the captured sides.
///
/// Feed it frames with their timestamps (seconds, any origin, increasing) and the device's
/// orientation. Each frame yields a `FrameState` to draw and the events to act on once.
///
/// Thread safety: all state sits behind one lock, so any thread may call in.
/// - `offer(_:at:deviceOrientation:)` is for a live camera queue: when a frame is still in work
///   the new one is dropped at once (returns nil) instead of queueing, so latency never builds up;
///   and classification runs off the frame path (on a background queue, one at a time) while
///   frames go on being located, so the analyzer must allow concurrent calls.
/// - `process(_:at:deviceOrientation:)` is for replays: it waits its turn and every frame counts,
///   so a replay gives the same output on every machine.
/// - `pressShutter()` never blocks; the press takes the next processed frame (if the manual
///   shutter is shown). `cancel(at:)` waits for the frame in work, then ends the session.
public final class CaptureSession: @unchecked Sendable {
    public let configuration: CaptureConfiguration
    private let analyzer: any FrameAnalyzing
    private let messages: Messages
    private let rules: CaptureRules
    private let sides: [DocumentSide]

    /// Guards everything below it; held for a whole frame.
    private let lock = NSLock()
    /// Guards `shutterPressed` only, so a press never waits for a frame.
    private let shutterLock = NSLock()
    private var shutterPressed = false

    private enum Phase {
        case scanning
        case frozen(until: Double)
        case flipping(until: Double)
        case done(until: Double)
        case finished
    }

    private var phase = Phase.scanning
    private var viewport: ViewportSize?
    private var sideIndex = 0
    private var captures: [Capture] = []
    private var finalResult: CaptureResult?
    private var tracker = DocumentTracker()
    private let background = BackgroundClassification()

    // The side in progress.
    private var sideStart: Double?
    private var firstSeen: Double?
    private var shutterShown = false
    private var sideDeviceOrientation: DeviceOrientation?
    private var deviceTurned = false
    private var holdStart: Double?
    /// The last frame's row asked for another document or side (so its identity is re-checked).
    private var lastCandidateAskedForChange = false

    // The row on screen and since when.
    private var shown: CaptureRow?
    private var shownSince = 0.0
    private var progress = 0.0
    private var lastState: FrameState?
    private var lastGuide = GuideRect(x: 0, y: 0, width: 0, height: 0)

    /// - Throws: `invalidArgument` when `configuration.kind` is a health card (never captured).
    public init(configuration: CaptureConfiguration, analyzer: any FrameAnalyzing) throws {
        guard MessageID.capturableKinds.contains(configuration.kind) else {
            throw DocFrameError(.invalidArgument, "a capture session is for a driversLicense, passport or idCard, not \(configuration.kind.rawValue)")
        }
        self.configuration = configuration
        self.analyzer = analyzer
        self.messages = Messages(language: configuration.language)
        self.sides = configuration.sides
        self.viewport = configuration.viewport
        self.rules = CaptureRules(asked: configuration.kind, policy: configuration.policy, messages: messages,
                                  format: configuration.format)
        // OCR engines and models load now, off the frame path, not when the first document
        // waits for its label.
        background.prepare(analyzer)
    }

    /// DOCFRAME_CAPTURE_TRACE=1: one line per processed frame on standard error (time, the row
    /// on screen and the row due, the track's state, the template id): for tuning, no personal data.
    private static let tracing = ProcessInfo.processInfo.environment["DOCFRAME_CAPTURE_TRACE"] == "1"

    // MARK: - Feeding frames

    /// Processes a frame, waiting for any frame in work first (replays).
    public func process(_ frame: Image, at time: Double, deviceOrientation: DeviceOrientation = .portrait) throws -> CaptureUpdate {
        lock.lock()
        defer { lock.unlock() }
        return try step(frame, at: time, device: deviceOrientation, live: false)
    }

    /// Processes a frame unless one is in work; then the frame is dropped and nil returned
    /// (live cameras: never an unbounded queue).
    public func offer(_ frame: Image, at time: Double, deviceOrientation: DeviceOrientation = .portrait) throws -> CaptureUpdate? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        return try step(frame, at: time, device: deviceOrientation, live: true)
    }

    /// The screen changed size or turned: the guide is laid out in `viewport` from the next frame
    /// (nil: in the frame itself). Turning the device mid-side also sends that side whole; that is
    /// told by the `deviceOrientation` passed with each frame.
    public func setViewport(_ viewport: ViewportSize?) {
        lock.lock()
        self.viewport = viewport
        lock.unlock()
    }

    /// The user pressed the manual shutter. Ignored unless the shutter is shown when the next
    /// frame is processed; that frame is taken whole, flagged manual, and not refused.
    public func pressShutter() {
        shutterLock.lock()
        shutterPressed = true
        shutterLock.unlock()
    }

    /// The user pressed ✕: the session ends with `.failure(kind: .cancelled)` (unless it had
    /// already finished).
    public func cancel(at time: Double) -> CaptureUpdate {
        lock.lock()
        defer { lock.unlock() }
        return end(with: .failure(kind: .cancelled))
    }

    /// A replay ran out of frames: `.failure(kind: .endOfInput)` unless every side was captured.
    public func endOfInput(at time: Double) -> CaptureUpdate {
        lock.lock()
        defer { lock.unlock() }
        return end(with: captures.count == sides.count ? .success(captures) : .failure(kind: .endOfInput))
    }

    /// Waits for the session's background work (a classification in flight, the analyzer's
    /// warm-up) to finish. Call it before the process exits or the analyzer goes away: a
    /// classification still running then would run under the libraries' static destructors.
    /// Never call it from the frame path of a live camera (it blocks).
    public func waitForBackgroundWork() {
        background.waitUntilIdle()
    }

    /// The result once the session has finished.
    public var result: CaptureResult? {
        lock.lock()
        defer { lock.unlock() }
        return finalResult
    }

    /// The sides captured so far, in order (all of them in `.success` once the session has
    /// finished; this also tells what was taken before a cancel or the end of a replay).
    public var capturedSides: [Capture] {
        lock.lock()
        defer { lock.unlock() }
        return captures
    }

    /// Analyses asked of the analyzer so far: (locate only, locate and classify).
    public var analysisCounts: (locate: Int, classify: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (tracker.locateCount, tracker.classifyCount)
    }

    // MARK: - One frame

    private func step(_ frame: Image, at t: Double, device: DeviceOrientation, live: Bool) throws -> CaptureUpdate {
        let guide = configuration.layout.guide(frameWidth: frame.width, frameHeight: frame.height,
                                               viewport: viewport, format: configuration.format)
        let guideBefore = lastGuide
        lastGuide = guide
        var events: [CaptureEvent] = []
        let pressed = takeShutterPress()

        switch phase {
        case .finished:
            return CaptureUpdate(state: currentState(), events: [])
        case .frozen(let until):
            if t < until - 1e-9 { return CaptureUpdate(state: currentState(), events: []) }
            if sideIndex + 1 < sides.count {
                phase = .flipping(until: t + configuration.policy.flipDuration)
                show(CaptureRow(.searching, .showBack), at: t, events: &events, haptic: .selection)
                events.append(.flip(configuration.reduceMotion ? .fade : .turn))
            } else {
                phase = .done(until: t + configuration.policy.doneHold)
                show(CaptureRow(.ready, .done, label: shown?.label, tick: true), at: t, events: &events, haptic: .success)
            }
            progress = 0
            return CaptureUpdate(state: currentState(), events: events)
        case .done(let until):
            if t < until - 1e-9 { return CaptureUpdate(state: currentState(), events: []) }
            return end(with: .success(captures))
        case .flipping(let until):
            if t < until - 1e-9 { return CaptureUpdate(state: currentState(), events: []) }
            sideIndex += 1
            beginSide()
            phase = .scanning
        case .scanning:
            break
        }
        let skipped = try scan(frame, at: t, device: device, guide: guide, pressed: pressed, live: live, events: &events)
        // A skipped frame leaves the screen as it was, the guide included.
        if skipped != nil { lastGuide = guideBefore }
        return CaptureUpdate(state: currentState(), events: events, skipped: skipped)
    }

    /// A frame the front end could not turn into pixels (a corrupt file in a replay, a camera
    /// buffer it could not read): skipped like a dropped frame. Nothing on screen changes and
    /// no timer is disturbed (a hold in progress keeps running on the next good frame); the
    /// error comes back in `skipped`. A pending shutter press waits for the next frame.
    public func skip(at time: Double, because error: DocFrameError) -> CaptureUpdate {
        lock.lock()
        defer { lock.unlock() }
        return CaptureUpdate(state: currentState(), events: [], skipped: error)
    }

    /// What is on screen now (the last frame's state, or the opening "searching" row).
    public var state: FrameState {
        lock.lock()
        defer { lock.unlock() }
        return currentState()
    }

    /// One scanning frame. Returns the error when the frame's analysis failed: the frame is then
    /// skipped (nothing shown changes), because one bad frame must not end a capture the next
    /// frames can finish.
    private func scan(_ frame: Image, at t: Double, device: DeviceOrientation, guide: GuideRect, pressed: Bool, live: Bool,
                      events: inout [CaptureEvent]) throws -> DocFrameError? {
        let policy = configuration.policy
        if sideStart == nil {
            sideStart = t
            sideDeviceOrientation = device
        }
        if device != sideDeviceOrientation { deviceTurned = true }

        let observation: TrackedObservation
        do {
            observation = try tracker.observe(frame, at: t, analyzer: analyzer, guide: guide, policy: policy,
                                              reverify: lastCandidateAskedForChange, background: live ? background : nil)
        } catch {
            // The tracker analyses before it updates anything, so it still holds the last good
            // frame's track; the shutter press, if any, stays for the next frame.
            if pressed { pressShutter() }
            return error as? DocFrameError ?? DocFrameError(.internalError, "frame analysis failed: \(error)")
        }
        var (candidate, checksPass) = rules.evaluate(observation, expecting: sides[sideIndex], guide: guide,
                                                     frameWidth: frame.width, frameHeight: frame.height)
        if candidate.key != .searching, firstSeen == nil { firstSeen = t }
        lastCandidateAskedForChange = [.wrongDocument, .unusable, .showBack, .showFront].contains(candidate.key)
        if (observation.awaitingIdentity && candidate.key != .searching) || observation.unconfirmed, let shown {
            // Not yet named: keep what is on screen until the label can come with the row. An
            // outline too new to be confirmed keeps it too: between two frames of one card (a
            // lost track picked up again) "searching" would flash up and stand for a second.
            candidate = shown
            checksPass = false
        }

        // The hold timer runs from the moment every check passes, whatever the row on screen.
        if checksPass {
            if holdStart == nil { holdStart = t }
        } else {
            holdStart = nil
        }
        let held = holdStart.map { t - $0 } ?? 0
        progress = checksPass ? min(1, held / policy.steadyHold) : 0

        // A press counts only if the user could see the shutter.
        if pressed && shutterShown {
            try capture(frame, observation: observation, manual: true, guide: guide, at: t, events: &events)
            return nil
        }
        if checksPass && held >= policy.steadyHold - 1e-9 && rules.frameClear(observation) {
            try capture(frame, observation: observation, manual: false, guide: guide, at: t, events: &events)
            return nil
        }

        if let shown, candidate != shown, policy.labelJoinsRow, shown.label == nil, candidate.label != nil,
           candidate == CaptureRow(shown.state, shown.key, label: candidate.label, tick: shown.tick, shownKind: shown.shownKind) {
            // The label arrived after its row went up: it joins the row without restarting the
            // row's hold (`CapturePolicy.labelJoinsRow`, a proposed DESIGN change).
            let since = shownSince
            show(candidate, at: t, events: &events, haptic: haptic(for: candidate))
            shownSince = since
        } else if let shown, candidate != shown, t - shownSince < policy.instructionHold - 1e-9 {
            // Keep the row on screen until it has been readable for the instruction hold.
        } else if candidate != shown {
            show(candidate, at: t, events: &events, haptic: haptic(for: candidate))
        }

        if Self.tracing { trace(t, candidate: candidate, observation: observation, checksPass: checksPass) }

        let seenLongEnough = firstSeen.map { t - $0 >= policy.manualShutterAfterSeen - 1e-9 } ?? false
        let sideLongEnough = sideStart.map { t - $0 >= policy.manualShutterIntoSide - 1e-9 } ?? false
        if !shutterShown && (seenLongEnough || sideLongEnough) {
            shutterShown = true
            events.append(.shutterAvailable)
        }
        return nil
    }

    private func capture(_ frame: Image, observation: TrackedObservation, manual: Bool, guide: GuideRect, at t: Double,
                         events: inout [CaptureEvent]) throws {
        let margin = configuration.policy.maxOverflow
        let cutRect = GuideRect(x: guide.x - guide.width * margin, y: guide.y - guide.height * margin,
                                width: guide.width * (1 + 2 * margin), height: guide.height * (1 + 2 * margin))
        let cut = cutRect.pixelBounds(clippedTo: frame.width, frame.height)
        let guideCut = try frame.cropped(x: cut.x, y: cut.y, width: cut.width, height: cut.height)
        var document: Image?
        if var corners = observation.corners {
            let format = GuideLayout.format(forCaptureOf: observation.identity?.kind ?? configuration.kind)
            if observation.identity == nil, corners.topLeft.distance(to: corners.topRight) < corners.topLeft.distance(to: corners.bottomLeft) {
                // Unknown (a manual photo): its labels only follow the image, so lay the long
                // side along the flattened width rather than squeezing a card held upright.
                corners = corners.rotatingLabels(by: 1)
            }
            document = try frame.warped(corners, width: format.canonicalWidth, height: format.canonicalHeight)
        }
        let side = sides[sideIndex]
        let taken = Capture(side: side, manual: manual, whole: manual || deviceTurned, frame: frame, guideCut: guideCut,
                            document: document, identity: observation.identity, corners: observation.corners, time: t)
        captures.append(taken)

        let label = observation.identity.map { $0.label[messages.language] } ?? shown?.label
        let key: InstructionKey = side == .front ? .frontCaptured : .backCaptured
        show(CaptureRow(.ready, key, label: label, tick: true), at: t, events: &events, haptic: .success)
        events.append(.captured(taken))
        phase = .frozen(until: t + configuration.policy.capturedFreeze)
        progress = manual ? 0 : 1
        shutterShown = false
        holdStart = nil
    }

    /// Puts `row` on screen now, with its events: the state, the instruction (announced once)
    /// and one haptic when the instruction changed or a document was first recognised.
    private func show(_ row: CaptureRow, at t: Double, events: inout [CaptureEvent], haptic: HapticKind) {
        let previous = shown
        shown = row
        shownSince = t
        if previous?.state != row.state { events.append(.stateChanged(row.state)) }
        let instruction = instruction(for: row)
        let instructionChanged = previous.map { self.instruction(for: $0) != instruction } ?? true
        if instructionChanged { events.append(.instructionChanged(instruction)) }
        let recognised = row.label != nil && row.label != previous?.label
        // The session's opening "Fill the frame..." is announced but does not vibrate: nothing
        // has happened yet. Any other first row (a card already in view) does.
        if (previous != nil || row.key != .searching) && (instructionChanged || recognised) { events.append(.haptic(haptic)) }
    }

    private func trace(_ t: Double, candidate: CaptureRow, observation: TrackedObservation, checksPass: Bool) {
        func f(_ v: Double?) -> String { v.map { String(format: "%.4f", $0) } ?? "-" }
        let q = observation.quality
        var line = String(format: "capture t=%.3f", t)
        line += " shown=\(shown?.key.rawValue ?? "-")\(shown?.label != nil ? "+label" : "")"
        line += " due=\(candidate.key.rawValue) doc=\(observation.identity?.templateId ?? "-") epoch=\(tracker.epoch)"
        line += " entering=\(observation.entering) awaiting=\(observation.awaitingIdentity) unconfirmed=\(observation.unconfirmed)"
        line += " steady=\(observation.steady) pass=\(checksPass) blur=\(f(q?.blur)) glare=\(f(q?.glare)) refGlare=\(f(observation.referenceGlare))/\(f(observation.frameReferenceGlare))"
        line += " classify=\(tracker.classifyCount) entryStart=\(f(tracker.entryStart)) fullSince=\(f(tracker.fullSince))"
        if let c = observation.corners { line += " quad=" + c.points.map { String(format: "%.0f,%.0f", $0.x, $0.y) }.joined(separator: ";") }
        line += "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    private func haptic(for row: CaptureRow) -> HapticKind {
        switch row.state {
        case .unusable: .error
        case .needsUser: .warning
        default: .selection
        }
    }

    private func instruction(for row: CaptureRow) -> Instruction {
        messages.instruction(row.key, asked: configuration.kind, shown: row.shownKind)
    }

    private func beginSide() {
        sideStart = nil
        firstSeen = nil
        shutterShown = false
        sideDeviceOrientation = nil
        deviceTurned = false
        holdStart = nil
        progress = 0
        lastCandidateAskedForChange = false
        tracker.reset()
        tracker.expected = captures.last?.identity.flatMap { analyzer.otherSide(of: $0.templateId) }
        background.invalidate()
    }

    private func takeShutterPress() -> Bool {
        shutterLock.lock()
        defer { shutterLock.unlock() }
        let pressed = shutterPressed
        shutterPressed = false
        return pressed
    }

    private func end(with result: CaptureResult) -> CaptureUpdate {
        guard finalResult == nil else { return CaptureUpdate(state: currentState(), events: []) }
        finalResult = result
        phase = .finished
        shutterShown = false
        return CaptureUpdate(state: currentState(), events: [.finished(result)])
    }

    private func currentState() -> FrameState {
        let row = shown ?? CaptureRow(.searching, .searching)
        let scanning = if case .scanning = phase { true } else { false }
        let frozen = if case .frozen = phase { true } else { false }
        return FrameState(state: row.state, color: configuration.theme.color(for: row.state), instruction: instruction(for: row),
                          label: row.label, tick: row.tick, progress: scanning || frozen ? progress : 0,
                          shutter: scanning && shutterShown, guide: lastGuide)
    }
}
