import Foundation

/// Twins told apart by where their designs differ (`TwinContrast`), when the header was not read.
///
/// Before, an unread header left the choice to the header region's look, or (when only one twin
/// verified) to the title's few keypoints: about a coin toss on cards whose header is cut off by
/// the frame, and on dev captures (seed 5511 cut-off cards, not the evaluation set) 6 of the 10
/// wrong answers were an Ontario licence taken for the photo card or back.
extension DocumentClassifier {
    /// Differing tiles a query must show for their verdict to count.
    static let contrastTiles = 3
    /// The least mean lead (in correlation) of one twin over the other on those tiles. Measured
    /// on dev captures of the Ontario twins (seeds 7001 all conditions and 5511 cut off, not the
    /// evaluation set), on the 116 decisions the header left open: at 0.15, 18 went the right way
    /// and 1 the wrong one (a blurred licence whose outline reached past the card, where the
    /// photo card's bottom band lies); at 0.1, 26 and 3; at 0.05, 39 and 7. (Measured when half
    /// the tiles were print both twins share, which diluted every lead; with only differing
    /// tiles, on the dev captures named at `contrastFit`, 0.15 went the right way 157 times and
    /// never the wrong one.)
    static let contrastLead = 0.15
    /// The least `TwinContrast.lead`'s `match` (how well the photo's gradients match the card's
    /// print on every tile shown, the print both twins share included) for the gradients' lead
    /// to count. A blurred photo keeps few of the print's edges (match 0.1-0.4), and what it
    /// keeps favours the twin whose differing print is plainer. Measured on the twins' differing
    /// tiles alone, the same gate let 3 wrong leads through in 242; on every tile, on dev
    /// captures of the Ontario twins (seeds 5001, 6001-6008, 6101-6104, 38100-38102 and the
    /// centred projection's 39501-39512 and 40101-40112; not the evaluation sets), leads of 0.15
    /// or more at a match of 0.4 or more went the right way 220 times and never the wrong one.
    static let contrastFit = 0.4
    /// DOCFRAME_DEBUG_TWINS_ALL=1 prints every twin comparison at every blur, decided or not, to
    /// standard error: the data the thresholds here are measured on (development only).
    static let debugAllTwins = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_TWINS_ALL"] == "1"

    /// Of `candidates` (a template and its twins, all seen through `homography`, canonical pixels
    /// to the query's), the one whose differing design the query shows clearly better than each
    /// other's; nil when none does.
    func twinByContrast(_ candidates: [Int], query: Image, homography: Homography) throws -> Int? {
        let distinct = candidates.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
        guard distinct.count > 1 else { return nil }
        // Every pair must be twins with a contrast of their own; anything else (a look-alike
        // that is not printed on the same artwork) is refused before a single tile is compared.
        var pairs: [(a: Int, b: Int, contrast: TwinContrast)] = []
        for a in distinct.indices {
            for b in distinct.indices where b > a {
                let (i, j) = (distinct[a], distinct[b])
                guard let c = contrasts.first(where: { ($0.first == i && $0.second == j) || ($0.first == j && $0.second == i) }) else { return nil }
                pairs.append((a, b, c))
            }
        }
        var wins = [Int](repeating: 0, count: distinct.count)
        for (a, b, c) in pairs {
            let (i, j) = (distinct[a], distinct[b])
            var (lead, shown, fit, match) = try c.lead(query: query, homography: homography)
            if c.first != i { lead = -lead }
            if Recognizer.debug {
                FileHandle.standardError.write(Data(String(format: "contrast %@ vs %@: lead %.3f on %d of %d tiles fit %.3f match %.3f\n",
                                                           templates[i].id, templates[j].id, lead, shown, c.tiles.count, fit, match).utf8))
            }
            // Every blur's comparison, decided or not: what the thresholds below are measured on.
            if Self.debugAllTwins {
                let leads = try c.smoothedLeads(query: query, homography: homography, sigmas: Self.contrastBlurs)
                var line = String(format: "twinall %@ vs %@: g %.3f %d %.3f %.3f", templates[i].id, templates[j].id, lead, shown, fit, match)
                for (sigma, r) in zip(Self.contrastBlurs, leads) {
                    line += String(format: " | s%.0f %.3f %d %.3f %.3f", sigma, c.first != i ? -r.lead : r.lead, r.tiles, r.fit, r.match)
                }
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
            // A blurred photo's gradients say nothing: the smoothed comparison decides.
            if match < Self.contrastFit { lead = 0 }
            if shown >= Self.contrastTiles, abs(lead) < Self.contrastLead, let smoothed = try smoothedLead(c, query: query, homography: homography) {
                lead = c.first != i ? -smoothed : smoothed
            }
            guard shown >= Self.contrastTiles, abs(lead) >= Self.contrastLead else { continue }
            wins[lead > 0 ? a : b] += 1
        }
        guard let best = wins.indices.max(by: { wins[$0] < wins[$1] }), wins[best] == distinct.count - 1 else { return nil }
        return distinct[best]
    }

    /// Blurs tried for a blurred photo's contrast, in template pixels (a canonical ID-1 card is
    /// 1012 wide: 2 is a sharp photo's softness, 12 a defocus that leaves no word legible).
    static let contrastBlurs: [Float] = [2, 4, 8, 12]
    /// The least mean lead of smoothed grey levels on the differing tiles (`smoothedLead`) to
    /// count as the gradients' `contrastLead`, and the least `match` (every tile shown, the print
    /// both twins share included) of the best-matching blur. The match says whether the blur
    /// and the placement are right, which the differing tiles alone cannot: they are few (3-5
    /// keep texture at the strong blurs) and a blur that flattens both twins' print matches them
    /// as well as the right one. On the dev captures named at `contrastFit`, on the 476
    /// comparisons the gradients left open: at a match of 0.8 and a lead of 0.05, 188 went the
    /// right way and 2 the wrong one (licence fronts smeared 30 px by motion, which no Gaussian
    /// blur models); at a match of 0.6, 229 and 9; judged by the differing tiles' fit of 0.6
    /// with a lead of 0.02 (before), 227 and 21.
    static let smoothedContrastLead = 0.05
    static let smoothedContrastFit = 0.8

    /// Where the gradient comparison is undecided (a defocused card shows no edges to tell the
    /// twins by): the lead at the blur that matches the photo best (the best fitting of
    /// `contrastBlurs` on every tile shown), as `contrastLead` when it is clear; nil when it is not. A blur
    /// that leaves fewer than `contrastTiles` tiles with texture in both references is passed
    /// over, not the comparison given up: the strongest blurs flatten most tiles.
    func smoothedLead(_ contrast: TwinContrast, query: Image, homography: Homography) throws -> Double? {
        var best: (lead: Double, match: Double, sigma: Float)?
        let leads = try contrast.smoothedLeads(query: query, homography: homography, sigmas: Self.contrastBlurs)
        for (sigma, r) in zip(Self.contrastBlurs, leads) {
            guard r.tiles >= Self.contrastTiles else { continue }
            if best == nil || r.match > best!.match { best = (r.lead, r.match, sigma) }
        }
        guard let b = best else { return nil }
        if Recognizer.debug {
            FileHandle.standardError.write(Data(String(format: "contrast smoothed %@ vs %@: lead %.3f match %.3f at sigma %.0f\n",
                                                       templates[contrast.first].id, templates[contrast.second].id, b.lead, b.match, b.sigma).utf8))
        }
        guard b.match >= Self.smoothedContrastFit, abs(b.lead) >= Self.smoothedContrastLead else { return nil }
        return b.lead >= 0 ? Self.contrastLead : -Self.contrastLead
    }
}
