/// How a capture session ended (the seed's `.success(captures)` / `.failure(kind:)`).
public enum CaptureResult: Sendable {
    /// Every side, in order (front, then back; a passport's photo page alone).
    case success([Capture])
    case failure(kind: CaptureFailureKind)

    public var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    public var failureKind: CaptureFailureKind? {
        if case .failure(let kind) = self { return kind }
        return nil
    }
}

public enum CaptureFailureKind: String, Sendable, Codable, CaseIterable {
    /// The user pressed ✕.
    case cancelled
    /// A replay ran out of frames before every side was captured.
    case endOfInput
}
