/// One row of the capture table as shown: held as a whole for the instruction hold.
struct CaptureRow: Sendable, Hashable {
    var state: CaptureState
    var key: InstructionKey
    /// The label text, already in the session's language.
    var label: String?
    var tick: Bool
    /// The kind in view, which words `wrongDocument` and `unusable`.
    var shownKind: DocumentKind?

    init(_ state: CaptureState, _ key: InstructionKey, label: String? = nil, tick: Bool = false, shownKind: DocumentKind? = nil) {
        self.state = state
        self.key = key
        self.label = label
        self.tick = tick
        self.shownKind = shownKind
    }
}
