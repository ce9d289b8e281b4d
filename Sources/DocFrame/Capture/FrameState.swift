/// What a capture screen shows for one frame: everything a front end needs to draw it.
public struct FrameState: Sendable, Hashable {
    public var state: CaptureState
    /// The guide frame's colour for `state`, from the session's theme (`#RRGGBB`).
    public var color: String
    public var instruction: Instruction
    /// The template label ("Ontario Driver's License"), the kind's name for a wrong or unusable
    /// document ("Passport", "Health card"), or nil.
    public var label: String?
    /// A tick beside the label (ready, captured, done).
    public var tick: Bool
    /// The steady hold, 0 to 1; it runs from the moment every check passes.
    public var progress: Double
    /// Whether the manual shutter ("Having trouble? Take the photo yourself") is shown.
    public var shutter: Bool
    /// The guide frame, in frame pixels.
    public var guide: GuideRect

    public init(state: CaptureState, color: String, instruction: Instruction, label: String?, tick: Bool,
                progress: Double, shutter: Bool, guide: GuideRect) {
        self.state = state
        self.color = color
        self.instruction = instruction
        self.label = label
        self.tick = tick
        self.progress = progress
        self.shutter = shutter
        self.guide = guide
    }
}
