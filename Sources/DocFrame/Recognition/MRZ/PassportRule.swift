/// Passports recognised by rule (DESIGN.md): a TD3 machine-readable zone whose document code
/// starts with `P`, on a page of the TD3 shape (or an open booklet of two) when the page's
/// shape is known, makes the document a "Passport" of the MRZ's issuing state, with no
/// template for that state.
///
/// The recognition layer calls `identity(for:pageAspectRatio:)` after reading the MRZ of a
/// located page; a template for that state's passport, when one matches, takes precedence.
public enum PassportRule {
    /// The template id reported for passports recognised by rule.
    public static let templateId = "passport"
    public static let label = LocalizedText(en: "Passport", es: "Pasaporte", fr: "Passeport")

    /// How far a page's width/height may be from TD3's 125 x 88 mm and still be a passport page.
    static let aspectTolerance = 0.08

    /// A passport known by its zone's structure and page shape only: below the confident answers
    /// (0.8 and up), since neither the reading nor the issuing state it names is vouched for.
    static let structureConfidence = 0.7

    /// A passport whose zone reads with every check digit holding, its document number filled.
    static let validConfidence = 0.99

    /// A passport whose zone is cut short by the image's edge (`TruncatedPassportZone`): the
    /// three checks in view hold over fields with content, as for a TD3 reading at 0.8.
    static let truncatedConfidence = 0.8

    /// The passport identity for `mrz`, or nil when it is not a passport's.
    ///
    /// A check digit vouches for a reading only where its field carries content
    /// (`contentChecks`): a date or an optional field of zeros or filler passes its check
    /// whatever was read, and text that is no zone (a letter's lines read with the MRZ alphabet)
    /// passes three such checks often enough to be named Passport at 0.8. The document number is
    /// the field every passport fills, so its check must be among them; and the issuing state
    /// reported must be a state's code (`MRZStateCodes`): no check digit covers it, and the
    /// reader repairs a misread one where it can.
    ///
    /// - Parameters:
    ///   - pageAspectRatio: width over height of the located page (upright), when known.
    /// - Returns: confidence 0.99 when every check digit holds; 0.8 when at least three checks
    ///   with content hold, the document number's among them (an MRZ partly misread is still a
    ///   passport's); `structureConfidence` when fewer hold but the zone has a passport zone's
    ///   structure (`PassportZoneShape`) on a page whose shape was measured, or with two checks
    ///   with content holding (a zone whose document number or one date was misread: on dev
    ///   captures, small print lost one of the four checks of a zone without optional data
    ///   and the composite with it); else nil. Nil too when the issuing state is no known code.
    public static func identity(for mrz: MRZResult, pageAspectRatio: Double? = nil) -> DocumentIdentity? {
        guard mrz.format == .td3, mrz.lines.first?.first == "P" else { return nil }
        if let ratio = pageAspectRatio {
            // The photo page alone, or the open booklet held upright (the page under the one
            // facing it: two pages high), which is what the locator finds when the booklet's
            // edge is the strongest outline. Measured: 9 of 128 generated passport captures
            // (every check digit holding) were outlined as the booklet.
            let page = DocumentFormat.td3.aspectRatio
            guard hasPageShape(ratio) || abs(ratio - page / 2) / (page / 2) <= aspectTolerance else { return nil }
        }
        guard let state = knownIssuingState(of: mrz) else { return nil }
        let vouching = contentChecks(of: mrz)
        let confidence: Double
        if mrz.valid, vouching.contains("documentNumber") {
            confidence = validConfidence
        } else if vouching.contains("documentNumber"), vouching.count >= 3 {
            confidence = 0.8
        } else if pageAspectRatio != nil || vouching.count >= 2, PassportZoneShape.isPassportZone(mrz) {
            confidence = structureConfidence
        } else {
            return nil
        }
        return DocumentIdentity(templateId: templateId, label: label, kind: .passport, side: .front,
                                jurisdiction: state, policy: .accepted, confidence: confidence)
    }

    /// The issuing state as the MRZ states it (fill trimmed), when it is a known code.
    static func knownIssuingState(of mrz: MRZResult) -> String? {
        guard let line = mrz.lines.first.map(Array.init), line.count >= 5 else { return nil }
        let code = String(line[2..<5])
        guard MRZStateCodes.all.contains(code), let state = mrz.fields["issuingState"], !state.isEmpty else { return nil }
        return state
    }

    /// The checks that hold over fields carrying content: a document number or optional data
    /// that is not all filler and zeros, a birth or expiry date that is a calendar date (the
    /// parser gives the field only then), and the composite when the document number it covers
    /// has content. A field of `<` or `0` sums to a check digit of 0, which is what a blank or
    /// misread check digit most often reads.
    static func contentChecks(of mrz: MRZResult) -> Set<String> {
        func hasContent(_ key: String) -> Bool {
            guard let value = mrz.fields[key] else { return false }
            return value.contains { $0 != "<" && $0 != "0" && $0 != " " }
        }
        let carrying: [String: Bool] = [
            "documentNumber": hasContent("documentNumber"),
            "birthDate": mrz.fields["birthDate"] != nil,
            "expiryDate": mrz.fields["expiryDate"] != nil,
            "optionalData": hasContent("optionalData"),
            "composite": hasContent("documentNumber"),
        ]
        return Set(mrz.checks.filter { $0.value && carrying[$0.key] == true }.map(\.key))
    }

    /// Whether a width/height ratio is a TD3 page's (the page alone, not the open booklet).
    static func hasPageShape(_ ratio: Double) -> Bool {
        let page = DocumentFormat.td3.aspectRatio
        return abs(ratio - page) / page <= aspectTolerance
    }

    /// A passport page whose zone is there but could not be read (`MRZBand`): what it is is
    /// known, whose it is not.
    static let unreadConfidence = 0.6

    /// The jurisdiction of a passport whose zone could not be read. DESIGN.md's JSON has no
    /// null jurisdiction; an empty string names no state and matches no real code.
    static let unknownJurisdiction = ""

    static func unreadIdentity() -> DocumentIdentity {
        DocumentIdentity(templateId: templateId, label: label, kind: .passport, side: .front,
                         jurisdiction: unknownJurisdiction, policy: .accepted, confidence: unreadConfidence)
    }
}
