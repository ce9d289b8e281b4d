/// What Tesseract read in an image.
public struct RecognizedText: Sendable, Hashable {
    /// One recognised word (or symbol) and where it lies, in pixels of the image that was read.
    public struct Word: Sendable, Hashable {
        public var text: String
        /// 0...1.
        public var confidence: Double
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        /// For a symbol: the classifier's candidates for its glyph, best first (the symbol's own
        /// text among them), each with its confidence 0...1; empty for words or when unknown.
        /// What the OCR considered tells a correction which characters it may really be.
        public var choices: [Choice]

        public init(text: String, confidence: Double, x: Int, y: Int, width: Int, height: Int, choices: [Choice] = []) {
            self.text = text
            self.confidence = confidence
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.choices = choices
        }
    }

    /// One candidate reading of a symbol.
    public struct Choice: Sendable, Hashable {
        public var text: String
        /// 0...1.
        public var confidence: Double

        public init(text: String, confidence: Double) {
            self.text = text
            self.confidence = confidence
        }
    }

    /// Every recognised character (a symbol, in Tesseract's words) with its box and confidence,
    /// in reading order; for character-level decisions such as MRZ correction.
    public var symbols: [Word]

    /// The text, lines separated by `\n`, without leading or trailing white space.
    public var text: String
    /// Tesseract's mean word confidence, 0...1 (0 when nothing was read).
    public var confidence: Double
    public var words: [Word]

    public init(text: String, confidence: Double, words: [Word] = [], symbols: [Word] = []) {
        self.text = text
        self.confidence = confidence
        self.words = words
        self.symbols = symbols
    }
}
