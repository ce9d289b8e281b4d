public enum DocumentSide: String, Sendable, Codable, CaseIterable {
    case front
    case back
}
