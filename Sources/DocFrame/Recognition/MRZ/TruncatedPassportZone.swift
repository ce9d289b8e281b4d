import Foundation

/// A passport's zone cut short by the image's edge: the page reaches out of the photo on the
/// right, so only the first 30-40 characters of each TD3 line are in view.
///
/// The reader then fits the visible lines to TD2 (36 characters), and a TD3 line's first 28
/// characters have exactly TD2's layout: document number and its check digit, nationality,
/// birth date and check, sex, expiry date and check. So a TD2 reading whose document number,
/// birth and expiry checks all hold is read right as far as those go (chance passes three
/// checks once in a thousand readings). What makes it a passport's zone and not a TD2 card's:
/// ICAO 9303 issues TD2 documents with codes A, C or I only, a `P` is a passport's (TD3); the
/// issuing state is a known code; and the lines end at the edge of the image they were read
/// in (a TD2 card's zone of the same characters would show its whole length), with the page
/// they imply reaching out of the photo (checked by the caller, which knows the photo).
enum TruncatedPassportZone {
    /// The checks that lie wholly in a TD3 line's first 28 characters.
    static let visibleChecks = ["documentNumber", "birthDate", "expiryDate"]

    /// How close to the image's edge (in character widths) the cut lines must end.
    static let edgeReach = 1.5

    /// Whether `zone` is a passport's zone read short: a TD2 reading of code `P`, a known
    /// issuing state, the three visible checks holding over fields with content
    /// (`PassportRule.contentChecks`: dates that are dates, a number not all zeros or filler,
    /// which pass their checks whatever was read), and its lines ending at the right edge
    /// of the (turned) image they were read in.
    static func isTruncatedPassportZone(_ zone: MRZReader.Zone) -> Bool {
        let mrz = zone.result
        guard mrz.format == .td2, zone.lines.count == 2, let line1 = mrz.lines.first.map(Array.init), line1.count >= 5,
              line1[0] == "P", line1[1] == "<" || line1[1].isLetter,
              MRZStateCodes.all.contains(String(line1[2..<5])),
              PassportRule.contentChecks(of: mrz).isSuperset(of: visibleChecks) else { return false }
        let width = Double(zone.turnedWidth)
        return zone.lines.allSatisfy { line in
            let pitch = line.width / Double(MRZResult.Format.td2.lineLength)
            let angle = line.angle * .pi / 180
            let rightEnd = line.centerX + cos(angle) * line.width / 2
            return width - rightEnd <= edgeReach * pitch
        }
    }

    /// The page around a truncated zone read in an image (`mapping` takes that image's points
    /// into the photo: identity for the photo itself, the flattening's homography for an
    /// outline), in the photo, before fitting to its edges.
    ///
    /// The lines' left ends and direction are kept; the scale comes from the lines' pitch (TD3's
    /// 2.54 mm, `PassportPage.line1Y`/`line2Y`), not from the characters read: how many of the
    /// last ones the image's edge cut is unknown, and measured on dev captures the 36 cells
    /// fitted to the visible line put the page 7-12% too wide. Measured in the photo because a
    /// flattened outline's two axes have different scales.
    ///
    /// `cutOnLeft`: the zone's start is cut instead (`LeftCutPassportZone`): the lines' right
    /// ends, at the zone's right end, are kept.
    static func page(around zone: MRZReader.Zone, mapping: (Point) -> Point, cutOnLeft: Bool = false) -> Quad? {
        guard zone.lines.count == 2 else { return nil }
        func ends(_ line: TextLineBox) -> (Point, Point) {
            let a = line.angle * .pi / 180
            let dx = cos(a) * line.width / 2, dy = sin(a) * line.width / 2
            return (mapping(zone.unturned(Point(x: line.centerX - dx, y: line.centerY - dy))),
                    mapping(zone.unturned(Point(x: line.centerX + dx, y: line.centerY + dy))))
        }
        let (l1, r1) = ends(zone.lines[0]), (l2, r2) = ends(zone.lines[1])
        // Direction along the text, and across it (down the page).
        var u = Point(x: (r1.x - l1.x) + (r2.x - l2.x), y: (r1.y - l1.y) + (r2.y - l2.y))
        let length = (u.x * u.x + u.y * u.y).squareRoot()
        guard length > 0 else { return nil }
        u = Point(x: u.x / length, y: u.y / length)
        let n = Point(x: -u.y, y: u.x)
        let mid1 = Point(x: (l1.x + r1.x) / 2, y: (l1.y + r1.y) / 2), mid2 = Point(x: (l2.x + r2.x) / 2, y: (l2.y + r2.y) / 2)
        let pitch = (mid2.x - mid1.x) * n.x + (mid2.y - mid1.y) * n.y
        guard pitch > 0 else { return nil }
        let s = pitch / (PassportPage.line2Y - PassportPage.line1Y)
        // The zone's end in view, between the two lines' (their mean across the text).
        let origin = cutOnLeft ? Point(x: (r1.x + r2.x) / 2, y: (r1.y + r2.y) / 2) : Point(x: (l1.x + l2.x) / 2, y: (l1.y + l2.y) / 2)
        let anchor = cutOnLeft ? PassportPage.zoneRight : PassportPage.zoneLeft
        let middle = (PassportPage.line1Y + PassportPage.line2Y) / 2
        func map(_ x: Double, _ y: Double) -> Point {
            let dx = s * (x - anchor), dy = s * (y - middle)
            return Point(x: origin.x + u.x * dx + n.x * dy, y: origin.y + u.y * dx + n.y * dy)
        }
        let w = PassportPage.pageWidth, h = PassportPage.pageHeight
        return Quad(topLeft: map(0, 0), topRight: map(w, 0), bottomRight: map(w, h), bottomLeft: map(0, h))
    }

    /// The passport identity of a truncated zone (`isTruncatedPassportZone`): three checks
    /// hold, as for a TD3 reading of confidence 0.8 (`PassportRule`); the issuing state is line
    /// 1's.
    static func identity(for zone: MRZReader.Zone) -> DocumentIdentity? {
        guard isTruncatedPassportZone(zone), let state = zone.result.fields["issuingState"], !state.isEmpty else { return nil }
        return DocumentIdentity(templateId: PassportRule.templateId, label: PassportRule.label, kind: .passport, side: .front,
                                jurisdiction: state, policy: .accepted, confidence: PassportRule.truncatedConfidence)
    }
}
