/// Something that happened on a frame, for the front end to act on once (announce, vibrate,
/// animate, keep the photo, close).
public enum CaptureEvent: Sendable {
    case stateChanged(CaptureState)
    /// Announce `announcement` (VoiceOver, TalkBack) and show `text`.
    case instructionChanged(Instruction)
    case haptic(HapticKind)
    /// The manual shutter has just appeared.
    case shutterAvailable
    case captured(Capture)
    /// Play the turn-over animation (a fade under Reduce Motion).
    case flip(FlipAnimation)
    /// The session is over: close the camera and hand `result` to the app.
    case finished(CaptureResult)

    /// The event's name in `docframe capture`'s JSON.
    public var name: String {
        switch self {
        case .stateChanged: "stateChanged"
        case .instructionChanged: "instructionChanged"
        case .haptic: "haptic"
        case .shutterAvailable: "shutterAvailable"
        case .captured: "captured"
        case .flip: "flip"
        case .finished: "finished"
        }
    }
}

/// The haptic a change calls for (UIFeedbackGenerator's kinds, which Android can mimic).
public enum HapticKind: String, Sendable, Codable, CaseIterable {
    /// A document was recognised, or the instruction moved on.
    case selection
    /// The user must do something different (needsUser).
    case warning
    /// The document can't be used.
    case error
    /// A side was captured, or everything is done.
    case success
}

public enum FlipAnimation: String, Sendable, Codable, CaseIterable {
    /// A card turning over.
    case turn
    /// A cross-fade, under Reduce Motion.
    case fade
}
