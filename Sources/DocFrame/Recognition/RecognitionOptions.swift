/// What `Recognizer.observe` should do with an image.
public struct RecognitionOptions: Sendable {
    /// Classify the located document against the templates. Off: locate and measure quality
    /// only (what a live capture session does on every frame).
    public var classify: Bool
    /// Read and validate a machine-readable zone where the document has one.
    public var readMRZ: Bool

    public init(classify: Bool = true, readMRZ: Bool = true) {
        self.classify = classify
        self.readMRZ = readMRZ
    }

    /// Locate and quality only.
    public static let locateOnly = RecognitionOptions(classify: false, readMRZ: false)
}
