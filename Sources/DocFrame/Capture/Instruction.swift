/// One instruction as a front end shows and announces it.
public struct Instruction: Sendable, Hashable {
    public var key: InstructionKey
    /// The sentence shown on screen, in the session's language.
    public var text: String
    /// What VoiceOver / TalkBack reads when the instruction changes.
    public var announcement: String

    public init(key: InstructionKey, text: String, announcement: String? = nil) {
        self.key = key
        self.text = text
        self.announcement = announcement ?? text
    }
}
