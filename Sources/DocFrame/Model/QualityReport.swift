/// How usable a located document is in this image (DESIGN.md, classify `quality`).
/// Measured by the recognition layer; the capture session turns it into instructions.
public struct QualityReport: Sendable, Hashable, Codable {
    /// The document's share of the image area, 0...1.
    public var coverage: Double
    /// 0 sharp ... 1 unreadable.
    public var blur: Double
    /// Share of the document area washed out by specular light, 0...1.
    public var glare: Double
    /// Part of the document lies outside the image.
    public var cutOff: Bool

    public init(coverage: Double, blur: Double, glare: Double, cutOff: Bool) {
        self.coverage = coverage
        self.blur = blur
        self.glare = glare
        self.cutOff = cutOff
    }
}
