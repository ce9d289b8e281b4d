/// What sort of identity document a template describes (DESIGN.md, templates).
public enum DocumentKind: String, Sendable, Codable, CaseIterable {
    case driversLicense
    case passport
    case idCard
    case healthCard
}
