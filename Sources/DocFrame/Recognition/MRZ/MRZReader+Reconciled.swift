extension MRZReader {
    /// `result` reconciled with `other`, a reading of the same zone from another cut (the
    /// located outline flattened, the whole photo, the page placed from the zone), for callers
    /// that read a zone more than one way and report one reading.
    ///
    /// Checked fields: when both readings are valid but differ in a checked character, one of
    /// them is a misread every check digit missed (U for 0 in a document number: both count 0).
    /// The one whose checked characters its OCR read plainly, none doubted or chosen by
    /// correction (`MRZResult.checkedPlain`), stands over one that needed them; when that does
    /// not decide, `result` stands but is not valid. On generated captures (seed 7400, tilt) the
    /// outline's cut read such a zone plainly and exactly, and the page placed from the zone in
    /// the whole photo read the `U` as a doubted `O`, made it `0`, and was reported valid.
    ///
    /// Names: the names line's cells `result`'s OCR doubted are settled by `other` where it read
    /// them plainly (`MRZNameVote.settled` with `other` as its one voter), when both have the
    /// same checked characters. No check digit covers the names, so the reading reported was
    /// chosen by its checked fields alone; the whole photo's cut was reported valid with a
    /// doubted `Z` for the `I` of a given name that the outline's cut had read plainly.
    ///
    /// The names line whole: where `other`'s, put in `result`, breaks fewer of the zone's rules
    /// (`uncheckedFaults`: a state that is no state's code, fillers inside a name), it is taken,
    /// as `vouched` takes the reading that breaks fewer. On generated captures (seed 7300, dark
    /// and tilted) the page placed from the zone read the line with two cells dropped
    /// (`P<ZNMARTN<<NJDIV`, the OCR sure of each glyph) and valid, where the outline's cut, with
    /// the same checked characters, had read it exactly.
    ///
    /// `valid` only ever goes from true to false here, and no checked character changes but by
    /// taking `other` whole.
    public func reconciled(_ result: MRZResult, with other: MRZResult?) -> MRZResult {
        guard let other, other.format == result.format, other.lines.count == result.lines.count else { return result }
        if result.valid, other.valid, !Self.agree(result, other) {
            if other.checkedPlain, !result.checkedPlain { return other }
            if result.checkedPlain, !other.checkedPlain { return result }
            var doubted = result
            doubted.valid = false
            doubted.checkedPlain = false
            return doubted
        }
        let settled = namesSettled(result, by: other)
        return namesLineTaken(from: other, into: settled) ?? settled
    }

    /// `result` with `other`'s names line, when both have the same checked characters and the
    /// line breaks fewer of the zone's rules in `result` that way (see `reconciled`).
    func namesLineTaken(from other: MRZResult, into result: MRZResult) -> MRZResult? {
        guard Self.agree(result, other) else { return nil }
        let layout = MRZLayout.layout(for: result.format, visa: result.lines.first?.first == "V")
        guard let span = layout.spans["name"], span.line < result.lines.count, span.line < other.lines.count,
              other.lines[span.line] != result.lines[span.line],
              var taken = withNamesLine(Array(other.lines[span.line]), at: span.line, of: result),
              taken.uncheckedFaults < result.uncheckedFaults else { return nil }
        taken.nameDoubts = other.nameDoubts
        return taken
    }

    /// `result` with the names line's doubted cells settled by `other` (see `reconciled`).
    func namesSettled(_ result: MRZResult, by other: MRZResult) -> MRZResult {
        guard Self.agree(result, other), !result.nameDoubts.isEmpty else { return result }
        let layout = MRZLayout.layout(for: result.format, visa: result.lines.first?.first == "V")
        guard let span = layout.spans["name"], span.line < result.lines.count else { return result }
        let own = Array(result.lines[span.line])
        let voter = MRZNameVote.Voter(line: Array(other.lines[span.line]), unsure: other.nameDoubts)
        let settled = MRZNameVote.settled(own, doubted: result.nameDoubts, voters: [voter])
        guard settled != own else { return result }
        return withNamesLine(settled, at: span.line, of: result) ?? result
    }
}
