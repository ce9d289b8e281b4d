/// The JSON lines of `docframe capture` (DESIGN.md), so any front end or test harness can be
/// driven by the same stream: one `frame` line per frame, then that frame's `event` lines.
public enum CaptureJSON {
    /// `{"type": "frame", "frame": 12, "t": 0.4, "state": ..., "guide": [x, y, w, h]}`.
    public static func frameLine(_ state: FrameState, frame: Int, time: Double) -> JSONValue {
        .object([
            ("type", .string("frame")),
            ("frame", .number(Double(frame))),
            ("t", .rounded(time, places: 3)),
            ("state", .string(state.state.rawValue)),
            ("color", .string(state.color)),
            ("instruction", .object([("key", .string(state.instruction.key.rawValue)), ("text", .string(state.instruction.text))])),
            ("label", .optional(state.label) { .string($0) }),
            ("tick", .bool(state.tick)),
            ("progress", .rounded(state.progress, places: 3)),
            ("shutter", .bool(state.shutter)),
            ("guide", .array(state.guide.array.map { .rounded($0, places: 1) })),
        ])
    }

    /// `{"type": "warning", "frame": 12, "t": 0.4, "error": {"code": "truncatedImage", "message": "..."}}`:
    /// a frame that was skipped (unreadable, or its analysis failed), with the typed error as
    /// `docframe classify` reports one. `docframe capture` writes these to standard error, so
    /// standard output keeps DESIGN.md's frame and event lines only.
    /// `path`: the frame's file, when it came from one.
    public static func warningLine(_ error: DocFrameError, frame: Int, time: Double, path: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string("warning")),
            ("frame", .number(Double(frame))),
            ("t", .rounded(time, places: 3)),
        ]
        if let path { members.append(("path", .string(path))) }
        members.append(("error", .object([("code", .string(error.code.rawValue)), ("message", .string(error.message))])))
        return .object(members)
    }

    /// `{"type": "event", "frame": 12, "t": 0.4, "event": "...", ...}` with the event's keys.
    /// `file` is where a `captured` side was saved (null when it was not).
    public static func eventLine(_ event: CaptureEvent, frame: Int, time: Double, file: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string("event")),
            ("frame", .number(Double(frame))),
            ("t", .rounded(time, places: 3)),
            ("event", .string(event.name)),
        ]
        switch event {
        case .stateChanged(let state):
            members.append(("state", .string(state.rawValue)))
        case .instructionChanged(let instruction):
            members += [("key", .string(instruction.key.rawValue)), ("text", .string(instruction.text)),
                        ("announcement", .string(instruction.announcement))]
        case .haptic(let kind):
            members.append(("kind", .string(kind.rawValue)))
        case .shutterAvailable:
            break
        case .captured(let capture):
            members += [("side", .string(capture.side.rawValue)), ("manual", .bool(capture.manual)),
                        ("whole", .bool(capture.whole)), ("file", .optional(file) { .string($0) })]
        case .flip(let animation):
            members.append(("animation", .string(animation.rawValue)))
        case .finished(let result):
            switch result {
            case .success: members.append(("result", .string("success")))
            case .failure(let kind): members += [("result", .string("failure")), ("failureKind", .string(kind.rawValue))]
            }
        }
        return .object(members)
    }
}
