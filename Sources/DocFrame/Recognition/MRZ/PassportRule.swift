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

    /// A passport whose zone is cut short by the image's edge (`TruncatedPassportZone`): the
    /// three checks in view hold, as for a TD3 reading with three checks holding.
    static let truncatedConfidence = 0.8

    /// The passport identity for `mrz`, or nil when it is not a passport's.
    ///
    /// - Parameters:
    ///   - pageAspectRatio: width over height of the located page (upright), when known.
    /// - Returns: confidence 0.99 when every check digit holds; 0.8 when at least three checks
    ///   hold (an MRZ partly misread is still a passport's); `structureConfidence` when fewer
    ///   hold but the zone has a passport zone's structure (`PassportZoneShape`) on a page whose
    ///   shape was measured; else nil.
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
        let holding = mrz.checks.values.filter { $0 }.count
        let confidence: Double
        if mrz.valid {
            confidence = 0.99
        } else if holding >= 3 {
            confidence = 0.8
        } else if pageAspectRatio != nil, PassportZoneShape.isPassportZone(mrz) {
            confidence = structureConfidence
        } else {
            return nil
        }
        let state = mrz.fields["issuingState"] ?? ""
        guard !state.isEmpty else { return nil }
        return DocumentIdentity(templateId: templateId, label: label, kind: .passport, side: .front,
                                jurisdiction: state, policy: .accepted, confidence: confidence)
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
