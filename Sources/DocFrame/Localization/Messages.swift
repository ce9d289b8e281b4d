/// Every string a capture front end shows, in one language.
///
/// Look-ups never fail at run time: a missing translation falls back to English, and the
/// catalog test fails the build when any message lacks any language or any kind variant.
public struct Messages: Sendable {
    public let language: Language

    public init(language: Language) {
        self.language = language
    }

    /// The text of `id` in this language (English when this language lacks it, and the id itself
    /// as a last resort, which the catalog test rules out for every id in `MessageID.allCases`).
    public func text(_ id: MessageID) -> String {
        Messages.table(for: language).text(id) ?? EnglishMessages.table.text(id) ?? "\(id)"
    }

    /// The instruction for `key` in a capture of `asked`. `shown` is the kind in view: it words
    /// `wrongDocument` ("This looks like a passport, ...") and `unusable` (health cards or not).
    public func instruction(_ key: InstructionKey, asked: DocumentKind, shown: DocumentKind? = nil) -> Instruction {
        let id: MessageID = switch key {
        case .wrongDocument: .wrongDocument(shown: shown ?? asked, asked: asked)
        case .unusable: shown == .healthCard ? .unusableHealthCard : .unusableDocument
        default: .instruction(key, asked: asked)
        }
        return Instruction(key: key, text: text(id))
    }

    /// "Driver's license", "Passport", "ID card", "Health card": labels and chooser rows.
    public func kindName(_ kind: DocumentKind) -> String { text(.kindName(kind)) }

    public func screen(_ screen: ScreenText) -> String { text(.screen(screen)) }

    /// The raw catalog entry, without fallback (for the completeness test).
    static func rawText(_ id: MessageID, language: Language) -> String? {
        table(for: language).text(id)
    }

    static func table(for language: Language) -> MessageTable {
        switch language {
        case .en: EnglishMessages.table
        case .es: SpanishMessages.table
        case .fr: FrenchMessages.table
        }
    }
}
