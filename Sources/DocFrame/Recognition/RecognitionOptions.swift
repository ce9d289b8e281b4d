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

    /// Name a page Passport where no zone was read: by its zone's band and photo as blur leaves
    /// them, or by its printed title (also in the image's other outlines). Off for a caller that
    /// wants the zone alone (`docframe mrz` names only passports whose zone says so): on photos
    /// with no readable zone those tests cost more than the zone's search (title reads of every
    /// outline, both ways up).
    public var namesPassportsWithoutZone = true

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
