/// The one instruction a capture screen shows, by its stable key (the `instruction.key` of
/// `docframe capture`'s JSON). The sentence for each key, per kind and language, is in `Messages`.
public enum InstructionKey: String, Sendable, Codable, CaseIterable {
    case searching
    case checking
    case holdStill
    case moveCloser
    case fitInFrame
    case avoidGlare
    case turnSideways
    case upsideDown
    case wrongDocument
    case unusable
    case showBack
    case showFront
    case frontCaptured
    case backCaptured
    case done

    /// Whether the key exists for a capture of `kind`: a passport has one side (its photo page),
    /// so it never asks for a back or a front, and has no "back captured".
    public func applies(toCaptureOf kind: DocumentKind) -> Bool {
        switch self {
        case .showBack, .showFront, .backCaptured: kind != .passport
        default: true
        }
    }
}
