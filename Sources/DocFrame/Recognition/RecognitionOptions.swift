/// What `Recognizer.observe` should do with an image.
public struct RecognitionOptions: Sendable {
    /// Classify the located document against the templates. Off: locate and measure quality
    /// only (what a live capture session does on every frame).
    public var classify: Bool
    /// Read and validate a machine-readable zone where the document has one.
    public var readMRZ: Bool
    /// Let Tesseract read the header when look-alike templates (same artwork, other title)
    /// match about equally well; off, their header regions' appearance decides.
    public var readHeaderText: Bool

    /// The line cuts the MRZ searches of the image may read, shared with a caller that searches
    /// the image further (`docframe mrz`'s whole-photo search); nil: a fresh per-image budget.
    public var mrzBudget: MRZCutBudget?

    /// When nothing else answered, search the frame in tiles for a small card no located outline
    /// holds (`DocumentClassifier+Tiles`). A capture session's frames skip that cost: a card that
    /// small is one the screen asks the user to bring closer (`Recognizer+FrameAnalyzing`).
    var searchTiles = true

    public init(classify: Bool = true, readMRZ: Bool = true, readHeaderText: Bool = true, mrzBudget: MRZCutBudget? = nil) {
        self.classify = classify
        self.readMRZ = readMRZ
        self.readHeaderText = readHeaderText
        self.mrzBudget = mrzBudget
    }

    /// Locate and quality only.
    public static let locateOnly = RecognitionOptions(classify: false, readMRZ: false, readHeaderText: false)
}
