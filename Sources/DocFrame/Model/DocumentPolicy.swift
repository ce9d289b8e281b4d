/// Whether a document may be used for capture. `unusable` documents (health cards) are
/// recognised so the user can be told, never captured.
public enum DocumentPolicy: String, Sendable, Codable, CaseIterable {
    case accepted
    case unusable
}
