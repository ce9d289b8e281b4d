import DocFrame
import Foundation

/// The fonts the designs use, loaded once per render: DejaVu for print and OCR-B for MRZs.
public final class FontBook {
    public let sans: Font
    public let sansBold: Font
    public let condensed: Font
    public let condensedBold: Font
    public let serif: Font
    public let serifBold: Font
    public let mono: Font
    public let ocrB: Font

    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    static let ocrBPath = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"

    /// Loads the fonts; a missing file (fonts-dejavu-core, fonts-ocr-b not installed) is
    /// `resourcesNotFound` naming the package to install.
    public init() throws {
        func load(_ path: String, package: String) throws -> Font {
            guard FileManager.default.fileExists(atPath: path) else {
                throw DocFrameError(.resourcesNotFound, "font \(path) not found (install \(package); scripts/setup does)")
            }
            return try Font(path: path)
        }
        let d = FontBook.dejaVu
        sans = try load(d + "DejaVuSans.ttf", package: "fonts-dejavu-core")
        sansBold = try load(d + "DejaVuSans-Bold.ttf", package: "fonts-dejavu-core")
        condensed = try load(d + "DejaVuSansCondensed.ttf", package: "fonts-dejavu-core")
        condensedBold = try load(d + "DejaVuSansCondensed-Bold.ttf", package: "fonts-dejavu-core")
        serif = try load(d + "DejaVuSerif.ttf", package: "fonts-dejavu-core")
        serifBold = try load(d + "DejaVuSerif-Bold.ttf", package: "fonts-dejavu-core")
        mono = try load(d + "DejaVuSansMono.ttf", package: "fonts-dejavu-core")
        ocrB = try load(FontBook.ocrBPath, package: "fonts-ocr-b")
    }
}
