/// What the guide frame's colour tells the user (DESIGN.md, capture table).
public enum CaptureState: String, Sendable, Codable, CaseIterable {
    /// White: no document in view.
    case searching
    /// Blue: a document is in view and the user should adjust it (closer, glare, steady...).
    case adjusting
    /// Amber: the user must do something different (wrong document, upside down, other side).
    case needsUser
    /// Red: the document can never be used (a health card).
    case unusable
    /// Green: the photo is being taken, was taken, or the capture is done.
    case ready
}
