/// One language's strings, laid out like DESIGN.md's message tables so a translator can check
/// a row against the English one at a glance.
struct MessageTable: Sendable {
    /// One sentence per kind asked for; nil where the row does not exist for that kind
    /// (a passport has no back).
    struct PerKind: Sendable {
        var license: String?
        var passport: String?
        var idCard: String?

        init(_ license: String?, _ passport: String?, _ idCard: String?) {
            self.license = license
            self.passport = passport
            self.idCard = idCard
        }

        subscript(kind: DocumentKind) -> String? {
            switch kind {
            case .driversLicense: license
            case .passport: passport
            case .idCard: idCard
            case .healthCard: nil
            }
        }
    }

    /// Instruction rows (all keys but `wrongDocument` and `unusable`).
    var instructions: [InstructionKey: PerKind]
    /// `wrongDocument`: shown kind, then asked kind.
    var wrongDocument: [DocumentKind: [DocumentKind: String]]
    var unusableHealthCard: String
    var unusableDocument: String
    var kindNames: [DocumentKind: String]
    var screens: [ScreenText: String]

    func text(_ id: MessageID) -> String? {
        switch id {
        case let .instruction(key, asked): instructions[key]?[asked]
        case let .wrongDocument(shown, asked): wrongDocument[shown]?[asked]
        case .unusableHealthCard: unusableHealthCard
        case .unusableDocument: unusableDocument
        case .kindName(let kind): kindNames[kind]
        case .screen(let screen): screens[screen]
        }
    }
}
