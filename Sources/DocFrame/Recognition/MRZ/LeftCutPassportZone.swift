import Foundation

/// A passport's zone cut short on the left by the image's edge: the page reaches out of the
/// photo on the left, so only the last 31-43 characters of each TD3 line are in view.
///
/// `TruncatedPassportZone` handles the other side, where a line's first 28 characters have
/// TD2's layout. Here the reader's TD2 or TD3 fit places the visible characters in the wrong
/// cells (it spreads them over the whole line box), and nothing it reads holds. But a TD3
/// line 2 ends with fields at fixed places counted from its right end, which is in view:
/// birth date and check, sex, expiry date and check, optional data and its check, the
/// composite. So line 2 is read again and its characters are aligned on the right.
///
/// What makes it a passport's zone: the birth, expiry and optional-data checks all hold at
/// TD3's places counted from the right (chance passes the three once in a thousand readings;
/// a dropped or split character moves every field left of it and fails them), the dates are
/// calendar dates, the sex field holds a sex, the nationality (where in view) is a known code;
/// and the lines start at the left edge of the image they were read in, with the page they
/// imply reaching out of the photo (checked by the caller, which knows the photo). A TD2 card's
/// line 2 aligned so puts its birth date where TD3 has the expiry, but its document number and
/// nationality where TD3 has the birth date and sex: its checks fail there, and its optional
/// data's last cell (a `<`) where TD3 has that data's check. A TD1 line is 30 characters, too
/// short to reach TD3's birth date; aligned so, its sex and expiry stand where TD3's expiry is.
///
/// A page cut through its birth date (24-30 characters in view) vouches by what is left: the
/// expiry check and the optional data's (or its empty fill), the sex, the composite a digit.
/// Dev captures cut so (seeds 9700-9739) read 27-30 characters, and a check digit alone would
/// be thin (one reading in ten), but two checks at TD3's places from the right end, with the
/// 14-cell optional field between them, is no line of a card's or a letter's.
///
/// Line 1's document code and issuing state are out of view: the passport's state is not
/// known, and its zone is not reported (part of a zone is no reading of it).
enum LeftCutPassportZone {
    /// How close to the image's left edge (in character widths) the cut lines must start.
    static let edgeReach = 1.5

    /// TD3's line 2 is this long; the places below count from its start.
    static let lineLength = 44

    /// The fewest characters of line 2 that vouch: the sex, the expiry date and its check, the
    /// optional data and its check and the composite in view (positions 20-43).
    static let minimumCharacters = 24

    /// A passport seen with its zone's start cut: its structure is measured, the document code
    /// and the issuing state are not (`PassportRule.structureConfidence`).
    static let confidence = PassportRule.structureConfidence

    /// Whether the zone's two lines start at the left edge of the (turned) image they were read in.
    static func startsAtEdge(_ zone: MRZReader.Zone) -> Bool {
        guard zone.lines.count == 2 else { return false }
        return zone.lines.allSatisfy { line in
            let pitch = line.width / Double(MRZResult.Format.td2.lineLength)
            let angle = line.angle * .pi / 180
            let leftEnd = line.centerX - cos(angle) * line.width / 2
            return leftEnd <= edgeReach * pitch
        }
    }

    /// Whether `read` (line 2's characters as the OCR gave them, spaces removed) is the end of
    /// a TD3 line 2 whose birth, expiry and optional-data checks hold (see the type's comment).
    static func vouches(forLine2 read: String) -> Bool {
        let c = Array(read)
        // Fewer than 24 characters leave the expiry date's check or the sex out of view; 44 is
        // the whole line, which the reader's TD3 fit reads.
        guard c.count >= minimumCharacters, c.count < lineLength else { return false }
        let offset = c.count - lineLength
        func at(_ p: Int) -> Character? {
            let i = p + offset
            return i >= 0 && i < c.count ? c[i] : nil
        }
        func digits(_ range: Range<Int>) -> String {
            String(range.map { p in at(p).map { MRZCorrector.toDigit[$0] ?? $0 } ?? "?" })
        }
        func holds(_ field: Range<Int>, check: Int) -> Bool {
            guard let digit = at(check).map({ MRZCorrector.toDigit[$0] ?? $0 }), let computed = MRZCheckDigit.compute(digits(field)) else {
                return false
            }
            return digit.wholeNumberValue == computed
        }
        let expiry = digits(21..<27)
        guard MRZDate.isPlausible(expiry), holds(21..<27, check: 27),
              let sex = at(20), "MFX<".contains(sex) else { return false }
        // The birth date and its check where wholly in view; where the edge cut into them, what
        // is left of them is digits (a page cut through its birth date still shows its expiry,
        // optional data and composite: two checks and the fill's structure), but for the first
        // character, which the edge may have cut through.
        if offset + 13 >= 0 {
            guard MRZDate.isPlausible(digits(13..<19)), holds(13..<19, check: 19) else { return false }
        } else {
            let rest = min(20, -offset + 1)..<20
            guard rest.allSatisfy({ at($0).map { (MRZCorrector.toDigit[$0] ?? $0).isNumber } ?? false }) else { return false }
        }
        // Optional data: its check, or `<` (or 0) for empty data as ICAO allows.
        let optional = String((28..<42).compactMap(at))
        let optionalCheck = at(42)
        let optionalHolds = optional.allSatisfy({ $0 == "<" }) ? (optionalCheck == "<" || optionalCheck == "0")
            : optional.count == 14 && MRZCheckDigit.compute(optional) == optionalCheck?.wholeNumberValue
        guard optionalHolds, at(43)?.isNumber == true else { return false }
        // The nationality, where in view, is a state's code.
        if offset + 10 >= 0 {
            let nationality = String((10..<13).compactMap(at))
            guard MRZStateCodes.all.contains(nationality) else { return false }
        }
        return true
    }

    /// Whether the zone's two lines end at the right edge of the (turned) image they were read
    /// in: a zone cut on the left read upside down.
    static func endsAtEdge(_ zone: MRZReader.Zone) -> Bool {
        startsAtEdge(halfTurned(zone))
    }

    /// `zone` seen the other way up: its lines (the lower one is line 2 again) in the image
    /// turned a half turn more.
    static func halfTurned(_ zone: MRZReader.Zone) -> MRZReader.Zone {
        var turned = zone
        turned.quarterTurns = (zone.quarterTurns + 2) % 4
        turned.lines = zone.lines.reversed().map { line in
            var l = line
            l.centerX = Double(zone.turnedWidth) - line.centerX
            l.centerY = Double(zone.turnedHeight) - line.centerY
            return l
        }
        return turned
    }

    /// The passport identity of a zone cut on the left, read in `image` (the image the zone's
    /// lines were found in, before its quarter turns), with the zone as it stands upright: line
    /// 2 read again with a few binarisations until one reading vouches for it. Nil when the
    /// zone's lines do not start at the image's edge, or its reading already holds (a whole
    /// zone, no cut one).
    ///
    /// The reader's own reading of a cut zone holds nothing either way up, and it often keeps
    /// the upside-down one (dev captures cut on the left, seeds 9700-9739: the whole-photo
    /// search's zone ended at the image's right edge, turned a half turn): a zone whose lines
    /// end at the edge is read the other way up too.
    static func identity(for zone: MRZReader.Zone, in image: Image, reader: MRZReader)
        -> (identity: DocumentIdentity, zone: MRZReader.Zone)? {
        if Recognizer.debugPassport {
            PassportPage.debugLog("left-cut valid=\(zone.result.valid) edge=\(startsAtEdge(zone)) far-edge=\(endsAtEdge(zone)) turns=\(zone.quarterTurns)")
        }
        guard !zone.result.valid, zone.lines.count == 2, let gray = try? image.isGrayscale ? image : image.grayscale() else { return nil }
        let candidates = [zone, halfTurned(zone)].filter(startsAtEdge)
        for candidate in candidates {
            guard let turned = try? candidate.quarterTurns == 0 ? gray : gray.rotated(quarterTurns: candidate.quarterTurns) else { continue }
            // One upright cut of the line, binarised each way (`MRZReader.readLine` cuts it so).
            guard let upright = try? candidate.lines[1].upright(from: turned, padX: MRZReader.padX, padY: MRZReader.padY,
                                                                height: MRZReader.lineHeight) else { continue }
            for binarization in [TextLineBox.Binarization.adaptive, .local, .none] {
                guard let (_, text) = try? reader.readUpright(upright, binarization: binarization) else { continue }
                let read = text.text.uppercased().filter { !$0.isWhitespace }
                if Recognizer.debugPassport {
                    PassportPage.debugLog("left-cut t=\(candidate.quarterTurns) \(binarization) characters=\(read.count) vouches=\(vouches(forLine2: read))")
                }
                if vouches(forLine2: read) {
                    let identity = DocumentIdentity(templateId: PassportRule.templateId, label: PassportRule.label, kind: .passport,
                                                    side: .front, jurisdiction: PassportRule.unknownJurisdiction, policy: .accepted,
                                                    confidence: confidence)
                    return (identity, candidate)
                }
            }
        }
        return nil
    }
}
