/// How far the characters no check digit covers break the zone's rules: what tells two readings
/// apart whose checked characters agree.
///
/// Why: two cuts of one zone (the photo's and the page flattened from it) whose checks all hold
/// alike vouch for each other (`MRZReader.vouched`), but may still differ in the names line,
/// the states or the sex. Neither is read better by rule: a tilted photo's cut, in perspective,
/// shifted a given name a cell on (`ROSSI<<<WILLIAM`), while elsewhere the page's cut read the
/// document code twice (`PP<VA...`) or the sex as a digit. Each of those breaks ICAO 9303's
/// rules, which the other reading kept.
extension MRZResult {
    /// Faults among the unchecked characters (ICAO 9303 parts 3-5): a document code that no
    /// document has, an issuing state or nationality that is no known code, a sex other than
    /// `M`, `F`, `X` or `<`, a name that starts with a filler, or a name going on after three
    /// fillers (a separator is at most two, so three end the name).
    var uncheckedFaults: Int {
        let rows = lines.map(Array.init)
        let layout = MRZLayout.layout(for: format, visa: rows.first?.first == "V")
        func text(_ key: String) -> [Character]? {
            guard let span = layout.spans[key], span.line < rows.count, span.start + span.length <= rows[span.line].count else { return nil }
            return Array(rows[span.line][span.start..<span.start + span.length])
        }
        var faults = 0
        if let code = rows.first?.first, !Self.documentCodeLetters.contains(code) { faults += 1 }
        if let second = rows.first.flatMap({ $0.count > 1 ? $0[1] : nil }), !(second == "<" || second.isLetter) { faults += 1 }
        for key in ["issuingState", "nationality"] {
            guard let code = text(key) else { continue }
            let trimmed = String(code).replacingOccurrences(of: "<", with: "")
            if !MRZStateCodes.all.contains(trimmed) { faults += 1 }
        }
        if let sex = text("sex")?.first, !"MFX<".contains(sex) { faults += 1 }
        if let name = text("name") {
            if name.first == "<" { faults += 1 }
            var fillers = 0
            for c in name {
                if c == "<" {
                    fillers += 1
                } else {
                    if fillers >= 3 { faults += 1; break }
                    fillers = 0
                }
            }
        }
        return faults
    }
}
