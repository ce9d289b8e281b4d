/// The names line of a zone settled from its cuts: no check digit covers it, so a misread there
/// passes every check, and what is reported must rest on the cuts agreeing.
enum MRZNameVote {
    /// One other cut's reading of the names line: its characters, and the cells its OCR doubted.
    struct Voter {
        var line: [Character]
        var unsure: Set<Int>
    }

    /// `own` (a reading whose checks hold) with its `doubted` cells settled by `voters`.
    ///
    /// A line the voters show was placed a cell off from a point on (`shiftRepaired`) is taken
    /// from them whole. Otherwise each doubted cell is voted on by the voters that read the
    /// line like `own` (`readsAlike`), where a voter that read the glyph plainly weighs twice
    /// one that doubted it, and own's character counts as a doubted one; a tie keeps own's.
    ///
    /// `disputed`: cells own read plainly that another cut read otherwise; they are voted on
    /// too, own's character counting as a plain one there, so that a third cut must side with
    /// the other reading before own's glyph is replaced.
    static func settled(_ own: [Character], doubted: Set<Int>, disputed: Set<Int> = [], voters: [Voter]) -> [Character] {
        if let repaired = shiftRepaired(own: own, doubted: doubted, voters: voters.map(\.line)) { return repaired }
        var line = own
        let alike = voters.filter { readsAlike($0.line, own, doubted: doubted) }
        for i in doubted.union(disputed).sorted() where i < own.count {
            // A glyph a cut read plainly counts twice one it doubted: on a glared name a cut that
            // read a letter plainly was outvoted by a tie of two doubted misreads.
            var weights: [Character: Int] = [own[i]: doubted.contains(i) ? 1 : 2]
            for voter in alike where i < voter.line.count {
                weights[voter.line[i], default: 0] += voter.unsure.contains(i) ? 1 : 2
            }
            let mine = weights[own[i]]!
            let top = weights.values.max()!
            let leaders = weights.filter { $0.value == top }
            if top > mine, leaders.count == 1, let best = leaders.first?.key { line[i] = best }
        }
        return line
    }

    /// Whether a cell `own` read plainly and another cut read otherwise (`disputed`) stays a
    /// tie after `voters`' votes (two characters weighing most, as `settled` weighs them):
    /// own's glyph would stand on a coin toss between two plain readings, so more cuts are
    /// asked before the line is settled.
    static func undecided(_ own: [Character], doubted: Set<Int>, disputed: Set<Int>, voters: [Voter]) -> Bool {
        let alike = voters.filter { readsAlike($0.line, own, doubted: doubted) }
        return disputed.contains { i in
            guard i < own.count else { return false }
            var weights: [Character: Int] = [own[i]: doubted.contains(i) ? 1 : 2]
            for voter in alike where i < voter.line.count {
                weights[voter.line[i], default: 0] += voter.unsure.contains(i) ? 1 : 2
            }
            let top = weights.values.max()!
            return weights.values.filter { $0 == top }.count > 1
        }
    }

    /// Whether `other` reads the line as `own` does wherever own read a glyph plainly, but for
    /// an eighth of its cells at most: a cut that disagrees with more of them placed its glyphs
    /// otherwise or read noise (a glared, dark zone's local binarisation read
    /// `IL<VILBOICHIRT<<ZRZK<PIIHAEL` for `P<VALBOUCHARD<<ERIK<MICHAEL`), and its plain I
    /// outvoted the doubted C of a right reading and a doubted N of another cut.
    static func readsAlike(_ other: [Character], _ own: [Character], doubted: Set<Int>) -> Bool {
        guard other.count == own.count else { return false }
        let disagreeing = own.indices.filter { !doubted.contains($0) && own[$0] != other[$0] }.count
        return 8 * disagreeing <= own.count
    }

    /// The line most of `voters` read alike, when `own` differs from it only by a shift: when
    /// the OCR's symbols for a line do not number its characters, each is placed in the cell its
    /// centre falls in (`MRZReader.place`), and a glyph split in two or a gap where one was lost
    /// puts an empty cell (a doubted `<`) into the line and moves every character after it a
    /// cell on, until a run of fillers takes the shift up. Voting at the doubted cells alone
    /// then made `A<NDREW` into `ANNDREW`: the cells after the gap were read plainly, a cell
    /// off. On seed 7000 of bench-mrz two passports were reported valid so, while every other
    /// cut of their zones read the line alike and exactly.
    ///
    /// Taken only when every cell that differs is one the OCR doubted in `own` or holds the
    /// character the voters read one cell before it (or, for all such cells, one cell after),
    /// and a doubted cell of `own` comes at or before the first that differs (where the shift
    /// began). A line the voters read alike but otherwise differently is no evidence against
    /// the glyphs `own` read plainly: two binarisations of one cut often misread a glyph alike.
    static func shiftRepaired(own: [Character], doubted: Set<Int>, voters: [[Character]]) -> [Character]? {
        guard voters.count >= 2 else { return nil }
        var counts: [[Character]: Int] = [:]
        for line in voters where line.count == own.count { counts[line, default: 0] += 1 }
        guard let (consensus, count) = counts.max(by: { $0.value < $1.value }), 2 * count > voters.count,
              consensus != own else { return nil }
        let differing = own.indices.filter { own[$0] != consensus[$0] }
        guard let first = differing.first, doubted.contains(where: { $0 <= first }) else { return nil }
        let shifted = differing.filter { !doubted.contains($0) }
        guard !shifted.isEmpty else { return nil }
        for step in [1, -1] {
            let explained = shifted.allSatisfy { i in
                let j = i - step
                return j >= 0 && j < consensus.count && own[i] == consensus[j]
            }
            if explained { return consensus }
        }
        return nil
    }
}
