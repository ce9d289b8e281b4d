/// One string in each of DocFrame's languages; missing translations fall back to English.
public struct LocalizedText: Sendable, Hashable, Codable {
    public var en: String
    public var es: String?
    public var fr: String?

    public init(en: String, es: String? = nil, fr: String? = nil) {
        self.en = en
        self.es = es
        self.fr = fr
    }

    public subscript(language: Language) -> String {
        switch language {
        case .en: en
        case .es: es ?? en
        case .fr: fr ?? en
        }
    }
}
