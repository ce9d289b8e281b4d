import Foundation
import Testing
@testable import DocFrame

/// The names line, which no check digit covers: a misread there passes every check, so what
/// is reported must rest on the zone's cuts agreeing, never on `valid`.
@Suite("MRZ names line")
struct MRZNameLineTests {
    /// A passport page with glare over the given names (Fixtures/GlaredNames), made from an
    /// MRZ dev capture (not scripts/make-recognition-fixtures, which rewrites its own folder):
    /// `render-specimen --design D --side front --seed 6601 --count 12` for the four passport
    /// designs and ca-pr's back, `synthesize-captures --per-image 3 --seed 6601` over them;
    /// passport-uto-front-6607-1.jpg cropped to the page's rows (y 272..904) and saved at JPEG
    /// quality 60, its sidecar's corners and imageSize moved alike. The first cut read a
    /// washed-out letter of the name as another, doubting it; of the two other cuts one read it
    /// plainly and right, the other doubted it and read a filler: the tie kept the misreading,
    /// and the MRZ came out valid with a wrong name.
    static let capture = MRZFixtureCapture(folder: "GlaredNames", name: "passport-uto-front-6607-1")

    @Test("a name partly washed out by glare is read exactly, every line")
    func glaredNameExact() throws {
        try Self.capture.expectReadExactly()
    }
}
