import Foundation

/// A passport's zone read short inside a whole page's outline: glare, a finger or a shadow
/// over the lines' right part ended the line boxes early, and the reader fitted the cells in
/// view to TD2 (36 characters).
///
/// A TD3 line's first 28 characters have TD2's layout (`TruncatedPassportZone`), so such a
/// reading keeps the document number, birth and expiry checks at their places, and with all
/// three holding over fields with content it is read right as far as those go. What makes it
/// a passport's and its outline the page: a `P` code (ICAO 9303 issues TD2 documents with codes
/// A, C or I only) and a known issuing state, as for a truncated zone; an outline of a TD3
/// page's shape; and the lines starting where a TD3 page has its zone, at the page's left and
/// at its two rows (an ID-1 card's outline is no page's shape, and its zone stands elsewhere).
///
/// Measured on pass25's dev set (seed 25200, 384 passport captures): 4 glared or occluded pages
/// given no document before are named, 3 of them within 2%; none of 426 dev negatives, unknown
/// designs and PR cards is named Passport.
///
/// The image's edge did not cut these lines (`TruncatedPassportZone` needs that); the page is
/// in view, and the outline is it.
enum ShortReadPassportZone {
    /// How far (share of the turned image's width) the lines' left ends may lie from the zone's
    /// place: an outline a little off, and a first cell glare washed out.
    static let leftReach = 0.02
    /// How far (share of the turned image's height) the lines' centres may lie from their rows.
    static let rowReach = 0.012

    /// The passport identity of `zone`, read in `flat`, the outline `outline` of `image`
    /// flattened; nil unless every test in the type's note holds. The identity's confidence is
    /// a truncated zone's (three checks hold, `PassportRule.truncatedConfidence`).
    static func identity(for zone: MRZReader.Zone, outline: Quad, flattened flat: Image, in image: Image) -> DocumentIdentity? {
        let mrz = zone.result
        guard mrz.format == .td2, zone.lines.count == 2, let line1 = mrz.lines.first.map(Array.init), line1.count >= 5,
              line1[0] == "P", line1[1] == "<" || line1[1].isLetter,
              MRZStateCodes.all.contains(String(line1[2..<5])),
              PassportRule.contentChecks(of: mrz).isSuperset(of: TruncatedPassportZone.visibleChecks),
              let state = mrz.fields["issuingState"], !state.isEmpty else { return nil }
        let shapes = [Double(flat.width) / Double(flat.height)]
            + PassportPage.perspectiveAspects(of: outline, imageWidth: image.width, imageHeight: image.height)
        guard shapes.contains(where: { PassportRule.hasPageShape(zone.quarterTurns % 2 == 1 ? 1 / $0 : $0) }),
              startsWherePageHasZone(zone) else { return nil }
        return DocumentIdentity(templateId: PassportRule.templateId, label: PassportRule.label, kind: .passport, side: .front,
                                jurisdiction: state, policy: .accepted, confidence: PassportRule.truncatedConfidence)
    }

    /// Whether both lines start at the zone's left end and stand at its rows, in coordinates
    /// relative to the (turned) image's width and height (`PassportPage.zoneFitsPage` without
    /// the right ends, which were not read).
    static func startsWherePageHasZone(_ zone: MRZReader.Zone) -> Bool {
        guard zone.lines.count == 2 else { return false }
        let w = Double(zone.turnedWidth), h = Double(zone.turnedHeight)
        let angle = (zone.lines[0].angle + zone.lines[1].angle) / 2 * .pi / 180
        for (line, y) in zip(zone.lines, [PassportPage.line1Y, PassportPage.line2Y]) {
            let left = line.centerX - cos(angle) * line.width / 2
            PassportPage.debugLog(String(format: "short-read left=%.4f row=%.4f", left / w - PassportPage.zoneLeft / PassportPage.pageWidth,
                                         line.centerY / h - y / PassportPage.pageHeight))
            guard abs(left / w - PassportPage.zoneLeft / PassportPage.pageWidth) <= leftReach,
                  abs(line.centerY / h - y / PassportPage.pageHeight) <= rowReach else { return false }
        }
        return true
    }
}
