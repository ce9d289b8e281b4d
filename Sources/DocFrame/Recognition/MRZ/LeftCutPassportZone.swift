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
/// nationality where TD3 has the birth date and sex: its checks fail there. A TD1 line is 30
/// characters, too short to reach TD3's birth date.
///
/// Line 1's document code and issuing state are out of view: the passport's state is not
/// known, and its zone is not reported (part of a zone is no reading of it).
enum LeftCutPassportZone {
    /// How close to the image's left edge (in character widths) the cut lines must start.
    static let edgeReach = 1.5

    /// TD3's line 2 is this long; the places below count from its start.
    static let lineLength = 44

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
        // Fewer than 31 characters leave the birth date out of view; 44 is the whole line, which
        // the reader's TD3 fit reads.
        guard c.count >= 31, c.count < lineLength else { return false }
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
        let birth = digits(13..<19), expiry = digits(21..<27)
        guard MRZDate.isPlausible(birth), MRZDate.isPlausible(expiry),
              holds(13..<19, check: 19), holds(21..<27, check: 27),
              let sex = at(20), "MFX<".contains(sex) else { return false }
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

    /// The passport identity of a zone cut on the left, read in `image` (the image the zone's
    /// lines were found in, before its quarter turns): line 2 read again with a few
    /// binarisations until one reading vouches for it. Nil when the zone's lines do not start
    /// at the image's edge, or its reading already holds (a whole zone, no cut one).
    static func identity(for zone: MRZReader.Zone, in image: Image, reader: MRZReader) -> DocumentIdentity? {
        if Recognizer.debugPassport {
            PassportPage.debugLog("left-cut valid=\(zone.result.valid) edge=\(startsAtEdge(zone)) starts=\(zone.lines.map { Int($0.centerX - $0.width / 2) })")
        }
        guard !zone.result.valid, startsAtEdge(zone),
              let gray = try? image.isGrayscale ? image : image.grayscale(),
              let turned = try? zone.quarterTurns == 0 ? gray : gray.rotated(quarterTurns: zone.quarterTurns) else { return nil }
        for binarization in [TextLineBox.Binarization.adaptive, .local, .none] {
            guard let (_, text) = try? reader.readLine(zone.lines[1], in: turned, binarization: binarization) else { continue }
            let read = text.text.uppercased().filter { !$0.isWhitespace }
            if Recognizer.debugPassport { PassportPage.debugLog("left-cut \(binarization) characters=\(read.count) vouches=\(vouches(forLine2: read))") }
            if vouches(forLine2: read) {
                return DocumentIdentity(templateId: PassportRule.templateId, label: PassportRule.label, kind: .passport,
                                        side: .front, jurisdiction: PassportRule.unknownJurisdiction, policy: .accepted,
                                        confidence: confidence)
            }
        }
        return nil
    }
}
