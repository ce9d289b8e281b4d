/// The personal data printed on one specimen: drawn from the seed, never from a real person.
public struct Person: Sendable {
    public var surname: String
    public var givenNames: String
    /// `M`, `F` or `X`.
    public var sex: String
    public var birthDate: SimpleDate
    public var issueDate: SimpleDate
    public var street: String
    public var city: String
    public var postalCode: String
    public var heightCm: Int
    public var eyes: String
    /// Portrait and signature draw from their own stream so they are independent of the text.
    public var appearanceSeed: UInt64
}
