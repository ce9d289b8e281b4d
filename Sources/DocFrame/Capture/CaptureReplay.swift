import Foundation

/// Replays recorded frames through a capture session, as `docframe capture` does: every frame
/// is processed (classification is synchronous, so the output is the same on every machine),
/// scripted presses happen at their times, and each frame's state and events come out as the
/// JSON lines of DESIGN.md.
public struct CaptureReplay {
    /// What the user does, by time (seconds on the frames' clock).
    public struct Script: Sendable {
        /// The device turns (portrait to landscape) at this time.
        public var rotateAt: Double?
        /// The manual shutter is pressed at this time (ignored while it is hidden).
        public var shutterAt: Double?
        /// ✕ is pressed at this time.
        public var cancelAt: Double?

        public init(rotateAt: Double? = nil, shutterAt: Double? = nil, cancelAt: Double? = nil) {
            self.rotateAt = rotateAt
            self.shutterAt = shutterAt
            self.cancelAt = cancelAt
        }
    }

    /// One input frame: its pixels, or why there are none (a corrupt, truncated or empty file),
    /// with its time either way: an unreadable frame is skipped, not the end of the replay.
    public enum Input: Sendable {
        case frame(Image, time: Double)
        /// `path`: the file that could not be read, for the warning.
        case unreadable(DocFrameError, time: Double, path: String? = nil)

        public var time: Double {
            switch self {
            case .frame(_, let time), .unreadable(_, let time, _): time
            }
        }
    }

    public let session: CaptureSession
    public let script: Script
    /// Where captures are written (`<side>.jpg`, what is sent, and `<side>-document.jpg`,
    /// flattened); nil writes nothing.
    public let saveDirectory: String?

    public init(session: CaptureSession, script: Script = Script(), saveDirectory: String? = nil) {
        self.session = session
        self.script = script
        self.saveDirectory = saveDirectory
    }

    /// Runs until the session finishes or `nextFrame` returns nil (then `endOfInput`).
    /// - Parameters:
    ///   - nextFrame: the next frame and its time in seconds, or nil at the end.
    ///   - emit: receives each JSON line, in order.
    ///   - show: receives each frame with the state the user saw on it (index, time, and whether
    ///     a photo was taken on it), after its lines were emitted: for drawing (`--render`).
    /// - Returns: the session's result.
    @discardableResult
    public func run(nextFrame: () throws -> (image: Image, time: Double)?, emit: (JSONValue) -> Void,
                    show: ((_ frame: Image, _ state: FrameState, _ index: Int, _ time: Double, _ captured: Bool) throws -> Void)? = nil) throws -> CaptureResult {
        try run(inputs: { try nextFrame().map { .frame($0.image, time: $0.time) } }, emit: emit, warn: { _ in }, show: show)
    }

    /// Runs until the session finishes or `nextInput` returns nil (then `endOfInput`). A frame
    /// that is unreadable, or whose analysis fails, is skipped as a camera drops a frame: its
    /// frame line repeats what is on screen (so frame lines stay one per input, in order), it
    /// has no events, and `warn` receives a warning line (`CaptureJSON.warningLine`) with its
    /// typed error. The replay goes on; only a failure to write a capture ends it.
    /// - Parameter show: as in `run(nextFrame:emit:show:)`; not called for unreadable frames.
    @discardableResult
    public func run(inputs nextInput: () throws -> Input?, emit: (JSONValue) -> Void, warn: (JSONValue) -> Void,
                    show: ((_ frame: Image, _ state: FrameState, _ index: Int, _ time: Double, _ captured: Bool) throws -> Void)? = nil) throws -> CaptureResult {
        // The analyzer's warm-up runs in the background even in a replay: let it end before
        // the caller (perhaps a process about to exit) goes on.
        defer { session.waitForBackgroundWork() }
        if let saveDirectory {
            do {
                try FileManager.default.createDirectory(atPath: saveDirectory, withIntermediateDirectories: true)
            } catch {
                throw DocFrameError(.ioError, "cannot create \(saveDirectory): \((error as NSError).localizedDescription)")
            }
        }
        var index = 0
        var lastTime = 0.0
        var shutterPending = script.shutterAt != nil
        while let input = try nextInput() {
            let t = input.time
            lastTime = t
            let update: CaptureUpdate
            if let cancelAt = script.cancelAt, t >= cancelAt - 1e-9 {
                update = session.cancel(at: t)
            } else {
                if shutterPending, let shutterAt = script.shutterAt, t >= shutterAt - 1e-9 {
                    session.pressShutter()
                    shutterPending = false
                }
                let turned = script.rotateAt.map { t >= $0 - 1e-9 } ?? false
                switch input {
                case .frame(let image, _):
                    update = try session.process(image, at: t, deviceOrientation: turned ? .landscapeLeft : .portrait)
                case .unreadable(let error, _, _):
                    update = session.skip(at: t, because: error)
                }
            }
            if let skipped = update.skipped {
                let path: String? = if case .unreadable(_, _, let path) = input { path } else { nil }
                warn(CaptureJSON.warningLine(skipped, frame: index, time: t, path: path))
            }
            emit(CaptureJSON.frameLine(update.state, frame: index, time: t))
            for event in update.events {
                var file: String?
                if case .captured(let capture) = event { file = try save(capture) }
                emit(CaptureJSON.eventLine(event, frame: index, time: t, file: file))
            }
            if let show, case .frame(let image, _) = input {
                try show(image, update.state, index, t, update.events.contains { if case .captured = $0 { true } else { false } })
            }
            if let result = session.result { return result }
            index += 1
        }
        let update = session.endOfInput(at: lastTime)
        for event in update.events { emit(CaptureJSON.eventLine(event, frame: max(0, index - 1), time: lastTime)) }
        return session.result ?? .failure(kind: .endOfInput)
    }

    /// Writes a capture; returns the path of what is sent.
    private func save(_ capture: Capture) throws -> String? {
        guard let saveDirectory else { return nil }
        let base = (saveDirectory as NSString).appendingPathComponent(capture.side.rawValue)
        try capture.sent.write(to: base + ".jpg", as: .jpeg(quality: 92))
        try capture.document?.write(to: base + "-document.jpg", as: .jpeg(quality: 92))
        return base + ".jpg"
    }
}
