/// How Tesseract should segment the image it is given.
public enum TextReadingMode: String, Sendable, CaseIterable {
    /// One line of text (an MRZ line, a header).
    case line
    /// A uniform block of several lines.
    case block
    /// One word.
    case word
    /// Words wherever they stand, in no particular order (a page's title among its fields).
    case sparse
}
