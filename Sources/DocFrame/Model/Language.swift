/// The languages every user-facing string exists in.
public enum Language: String, Sendable, Codable, CaseIterable {
    case en, es, fr
}
