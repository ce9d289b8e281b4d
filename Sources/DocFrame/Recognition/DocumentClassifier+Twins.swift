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
    /// The least mean correlation of the better twin's gradients for the gradients' lead to
    /// count. A blurred photo keeps few of either reference's edges (fit 0.1-0.4), and what it
    /// keeps favours the twin whose differing print is plainer: on dev captures of the Ontario
    /// twins (seeds 5001, 6001-6008, 6101-6104, 38100-38102; not the evaluation sets), leads of
    /// 0.1 or more at a fit under 0.4 went the wrong way 17 times in 50, at 0.4 or more once in 169.
    static let contrastFit = 0.4

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
            var (lead, shown, fit) = try c.lead(query: query, homography: homography)
            if c.first != i { lead = -lead }
            if Recognizer.debug {
                FileHandle.standardError.write(Data(String(format: "contrast %@ vs %@: lead %.3f on %d of %d tiles fit %.3f\n",
                                                           templates[i].id, templates[j].id, lead, shown, c.tiles.count, fit).utf8))
            }
            // A blurred photo's gradients say nothing: the smoothed comparison decides.
            if fit < Self.contrastFit { lead = 0 }
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
    /// The least mean lead of smoothed grey levels (`smoothedLead`) to count as the gradients'
    /// `contrastLead`, and the least fit of the best-matching blur. Measured on dev captures of
    /// the Ontario twins (flat seeds 8101-8106, synthesis seed 8201, blur, cut off and tilt; not
    /// the evaluation set), on the decisions the gradients left open: with a fit of 0.7 or more,
    /// 33 leads of 0.015-0.37 all pointed to the right twin (3 more were under 0.007); with a fit
    /// under 0.5 (an outline or homography that misplaces the card) the sign was a coin toss.
    /// Averaged over every differing tile, most of which the blur makes alike in both twins,
    /// the lead of a back is small: the differing conditions text is a few lines.
    static let smoothedContrastLead = 0.02
    static let smoothedContrastFit = 0.6

    /// Where the gradient comparison is undecided (a defocused card shows no edges to tell the
    /// twins by): the lead at the blur that matches the photo best (the best fitting of
    /// `contrastBlurs`), scaled to `contrastLead` when it is clear; nil when it is not. A blur
    /// that leaves fewer than `contrastTiles` tiles with texture in both references is passed
    /// over, not the comparison given up: the strongest blurs flatten most tiles.
    func smoothedLead(_ contrast: TwinContrast, query: Image, homography: Homography) throws -> Double? {
        var best: (lead: Double, fit: Double, sigma: Float)?
        let leads = try contrast.smoothedLeads(query: query, homography: homography, sigmas: Self.contrastBlurs)
        for (sigma, r) in zip(Self.contrastBlurs, leads) {
            guard r.tiles >= Self.contrastTiles else { continue }
            if best == nil || r.fit > best!.fit { best = (r.lead, r.fit, sigma) }
        }
        guard let b = best else { return nil }
        if Recognizer.debug {
            FileHandle.standardError.write(Data(String(format: "contrast smoothed %@ vs %@: lead %.3f fit %.3f at sigma %.0f\n",
                                                       templates[contrast.first].id, templates[contrast.second].id, b.lead, b.fit, b.sigma).utf8))
        }
        guard b.fit >= Self.smoothedContrastFit, abs(b.lead) >= Self.smoothedContrastLead else { return nil }
        return b.lead * Self.contrastLead / Self.smoothedContrastLead
    }
}
