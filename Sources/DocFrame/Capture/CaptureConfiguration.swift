/// How a capture session is set up: what the user chose and how the screen looks.
public struct CaptureConfiguration: Sendable {
    /// The kind the user chose: driversLicense, passport or idCard.
    public var kind: DocumentKind
    public var language: Language
    /// Reduce Motion: the flip is a fade instead of a card turning.
    public var reduceMotion: Bool
    public var theme: CaptureTheme
    public var policy: CapturePolicy
    /// The screen the preview fills (aspect-fill); nil when the viewport is the frame itself.
    public var viewport: ViewportSize?
    public var layout: GuideLayout

    public init(kind: DocumentKind, language: Language = .en, reduceMotion: Bool = false,
                theme: CaptureTheme = .default, policy: CapturePolicy = .default,
                viewport: ViewportSize? = nil, layout: GuideLayout = .default) {
        self.kind = kind
        self.language = language
        self.reduceMotion = reduceMotion
        self.theme = theme
        self.policy = policy
        self.viewport = viewport
        self.layout = layout
    }

    /// The sides to capture, in order: a passport's photo page, or a card's front then back.
    public var sides: [DocumentSide] { kind == .passport ? [.front] : [.front, .back] }

    /// The guide's shape.
    public var format: DocumentFormat { GuideLayout.format(forCaptureOf: kind) }
}

/// One frame's outcome: what to draw and what happened.
public struct CaptureUpdate: Sendable {
    public var state: FrameState
    public var events: [CaptureEvent]
    /// Set when the frame could not be used (unreadable, or its analysis failed): the session
    /// skipped it as a camera drops a frame, and `state` is what was already on screen. The
    /// session goes on with the next frame; a front end may log the code (never the pixels).
    public var skipped: DocFrameError?

    public init(state: FrameState, events: [CaptureEvent], skipped: DocFrameError? = nil) {
        self.state = state
        self.events = events
        self.skipped = skipped
    }
}
