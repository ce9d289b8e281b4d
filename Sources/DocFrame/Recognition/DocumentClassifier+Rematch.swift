import Foundation

/// An answer's corners placed again from keypoints matched on its own flattening.
///
/// The whole-frame pass matches the template against the entire photo at a coarse scale: the
/// card holds a share of the frame's keypoints, and the few that verify (20-40, often bunched
/// on one part of the card) fit a homography whose corners drift by 5-25% of the diagonal away
/// from that part, most of all where the card is cut off or a finger covers it. Flattened
/// through those corners, the card is nearly upright and at the template's scale: matched again
/// there, the same design yields keypoints across all of the card in view, and their homography
/// places it as well as the flattened outlines do. A cut-off card named on a located outline
/// whose corners the template placed (the outline is the part in view) has the same weakness:
/// its homography extrapolates from that part to the corners out of view.
/// Measured on dev captures (render seeds 27101-27106, synthesis seeds 27102 weighted to cut-off,
/// occluded, blurred and tilted cards, and 27103; not the evaluation set), 399 right answers:
/// corners within 2% 371 -> 375 (whole-frame answers) -> 379 (and cut-off outline answers; one tilted
/// cut-off front placed 1.0% off by its edges moved to 2.2%), no answer changed.
extension DocumentClassifier {
    /// The re-matched homography replaces the current one only when it verifies at least as many
    /// inliers (a homography less supported than the frame's may be a drift); it is matched again
    /// on its own flattening up to `rematchRounds` times in all, stopping once a round moves no
    /// corner more than `rematchSettled` of the diagonal (its flattening then differs from the
    /// last by less than the homography's own scatter, and another round, about 10 ms of
    /// features and matching, would only repeat it).
    static let rematchRounds = 2
    static let rematchSettled = 0.005

    /// An answer whose corners the template placed this far (a share of the diagonal) from the
    /// located outline it was matched on is placed again too: that outline's flattening is
    /// distorted by its error (a tilted Quebec licence back whose located corner ran off the
    /// photo), and the homography fitted there carries the distortion into the corners, past the
    /// few percent the edge refit can reach. Measured on dev captures (render and synthesis seeds
    /// 29101 and 29201, 4 people per side of the six Canadian card designs; not the evaluation
    /// set), 362 right answers: corners within 2% 343 -> 345 (4.8% and 13.6% off -> 0.1-0.4%),
    /// none moved by more than 0.1% the wrong way; at 1.5% one within 2% moved 0.2% -> 1.5%.
    static let rematchFarOutline = 0.05

    /// An answer far from its located outline whose own sides the image's edges already back
    /// this well (share of the outline, weakest side) is not placed again: its placement lies on
    /// the card's edges, and a second match (a round of features and matching, the bulk of a
    /// classification's cost) moves it by less than the edge refit does. The placements the rule
    /// above repairs sit off the card (a side running over the table): on the dev captures above
    /// and render and synthesis seed 29301, every one it moved past 1% had support at most 0.91
    /// or a weakest side at most 0.79. Of 55 placements it fired on there, 26 are this well
    /// backed; without a second match none moved more than 0.4% of the diagonal and no corner
    /// crossed 2%. On the benchmark's frames it fired on 10 of 20, 8 of them this well backed.
    static let placedOnEdges = EdgeSupport(support: 0.93, weakest: 0.85)

    /// The other way round, a located outline kept this far from where the template places the
    /// card (the located one's edges backed it better: a printed box, a shadow's edge) is matched
    /// again from the template's placement. Its second match verifying as many inliers as the
    /// located outline's replaces it only when the image's edges back it (refitted to them) at
    /// most `rematchedEdgeLoss` worse than the located outline (the weakest side weighted as in
    /// `betterOutline`): a first round may verify as many inliers on a placement still a few
    /// percent off, whose sides then miss the card's edges. Measured on the dev captures above:
    /// 3 located outlines 6.7-29% off placed within 0.2% (edges 0.72 -> 0.95, 0.96 -> 0.94,
    /// 0.79 -> 0.96); refused: a right located outline against a rematch 5.7% off (0.73 -> 0.46),
    /// which without the edges' check was taken.
    static let rematchedEdgeLoss = 0.05

    /// A round verifying fewer inliers than the homography it would replace still replaces it
    /// where it places the card at least `rematchEdgeApart` (a share of the diagonal) elsewhere,
    /// on at least `rematchEdgeInliers`, and the image's edges back its outline (refitted to
    /// them) by `rematchEdgeGain` more: the frame's few inliers bunched on one part of a tilted
    /// card verify a homography that runs a corner off the card, and the second match's spread
    /// over the card may verify a few less where blur or a turn thins the keypoints. Measured on
    /// dev captures (render and synthesis seeds 30101 and 30201, 4 people per side of the six
    /// Canadian card designs; not the evaluation set), 365 right answers: one taken, a tilted
    /// sideways licence back (18 -> 16 inliers, edges 0.49 -> 0.54) placed 18% -> 0.1% off;
    /// with no least gain at all nothing else moved.
    static let rematchEdgeInliers = 12
    static let rematchEdgeApart = 0.02
    static let rematchEdgeGain = 0.03

    // `rematched` is unoptimized on purpose: Swift 6.3.1's release build of its loop (once a
    // round may end it on fewer inliers, inside the loop or after it) carried the top-right and
    // bottom-right corners between rounds in registers reloaded with their x only (movsd), so an
    // answer placed by a first round and refused by a second came out with both corners' y at 0
    // (10 of 511 eval cards 0.1-1.8% -> 44-208% off; the debug build, or one more use of
    // `corners` in the loop, was right). Its cost is the matching it calls, still optimized.

    /// `frame` (a whole-frame answer, or an answer on a located outline whose corners the
    /// template placed past the photo's border or far from that outline) with its corners (and
    /// projected outline) re-placed from matches on the flattening through them; unchanged when a
    /// match does not verify the same template with as many inliers (or, with fewer, its outline
    /// is not clearly better on the image's edges: `rematchEdgeGain`), turns it, or projects no
    /// card-like outline. An answer that kept its located outline far from the template's
    /// placement is matched again from that placement (`rematchedEdgeLoss`).
    @_optimize(none)
    func rematched(_ frame: ClassificationResult, in image: Image) throws -> ClassificationResult {
        guard let i = frame.templateIndex, var corners = frame.corners else { return frame }
        let offLocated = frame.path == .flattened ? frame.locatedOutline.map { $0.maxCornerDistance(to: corners) } : nil
        let pastBorder = offLocated.map { $0 > 1 } == true && !corners.isInside(width: image.width, height: image.height)
        let farFromOutline = offLocated.map { $0 > Self.rematchFarOutline * max(corners.diagonal, 1) } == true
        let placed = try frame.path == .frame || pastBorder || (farFromOutline && !isOnEdges(corners, in: image))
        let located = corners
        let kept = !placed && frame.path == .flattened
            && frame.projectedOutline.map { $0.maxCornerDistance(to: corners) > Self.rematchFarOutline * max(corners.diagonal, 1)
                && DocumentLocator.isPlausibleOutline($0) } == true
        guard placed || kept else { return frame }
        if kept, let projected = frame.projectedOutline { corners = projected }
        var inliers = frame.inliers
        var moved = false
        for _ in 0..<Self.rematchRounds {
            guard let next = try rematch(corners, template: i, in: image) else { break }
            // Fewer inliers: taken only where the image's edges back it clearly better, and
            // then final (another round would weigh it against itself).
            let fewer = next.inliers < inliers
            if fewer, !fewerInliersTaken(next.corners, inliers: next.inliers, over: corners, in: image) { break }
            let step = next.corners.maxCornerDistance(to: corners)
            corners = next.corners
            inliers = next.inliers
            moved = true
            if fewer || step <= Self.rematchSettled * max(corners.diagonal, 1) { break }
        }
        guard moved else { return frame }
        if kept {
            let refit = (try? DocumentLocator.refine(corners, in: image, search: Double(max(image.width, image.height)) / 160)) ?? corners
            let score = try DocumentLocator().edgeSupport(of: [located, refit], in: image).map(\.score)
            if score[1] < score[0] - Self.rematchedEdgeLoss { return frame }
        }
        var result = frame
        result.corners = corners
        result.projectedOutline = corners
        result.orientation = Orientation(of: corners)
        result.rematched = true
        return result
    }

    /// Whether a round's `next` outline, verified by fewer inliers than `current`'s, replaces it
    /// (`rematchEdgeInliers`, `rematchEdgeApart`, `rematchEdgeGain`).
    private func fewerInliersTaken(_ next: Quad, inliers: Int, over current: Quad, in image: Image) -> Bool {
        guard inliers >= Self.rematchEdgeInliers,
              next.maxCornerDistance(to: current) > Self.rematchEdgeApart * max(current.diagonal, 1),
              let scores = try? edgeScores([current, next], in: image)
        else { return false }
        return scores[1] > scores[0] + Self.rematchEdgeGain
    }

    /// How well the image's edges back each of `quads` once refitted to them (the weakest side
    /// weighted as in `EdgeSupport.score`).
    private func edgeScores(_ quads: [Quad], in image: Image) throws -> [Double] {
        let search = Double(max(image.width, image.height)) / 160
        let refits = quads.map { (try? DocumentLocator.refine($0, in: image, search: search)) ?? $0 }
        let scores = try DocumentLocator().edgeSupport(of: refits, in: image).map(\.score)
        if Recognizer.debugCorners {
            FileHandle.standardError.write(Data(("rematchedges " + scores.map { String(format: "%.3f", $0) }.joined(separator: " ") + "\n").utf8))
        }
        return scores
    }

    /// Whether the image's edges back every side of `corners` as well as `placedOnEdges` asks.
    private func isOnEdges(_ corners: Quad, in image: Image) throws -> Bool {
        guard let backing = try DocumentLocator().edgeSupport(of: [corners], in: image).first else { return false }
        return backing.support >= Self.placedOnEdges.support && backing.weakest >= Self.placedOnEdges.weakest
    }

    /// One round: template `i` matched on the flattening through `corners`, the outline its
    /// homography projects back into the image and its inliers, or nil (see `rematched`).
    private func rematch(_ corners: Quad, template i: Int, in image: Image) throws -> (corners: Quad, inliers: Int)? {
        let t = templates[i]
        let width = Self.workWidth, height = Self.workWidth * t.height / t.width
        guard let flat = try? image.warped(corners, width: width, height: height) else { return nil }
        let query = try NativeFeatures.detect(in: flat, maxFeatures: Self.flatFeatures, workSize: Self.workWidth)
        guard let m = try index.match(query, template: i, reprojection: 4), let h = m.homography else { return nil }
        let predicted = h.mapRectangle(width: t.width, height: t.height)
        let toImage = Homography.rectangle(width: width, height: height, to: corners)
        let quad = Quad(topLeft: toImage.apply(predicted.topLeft), topRight: toImage.apply(predicted.topRight),
                        bottomRight: toImage.apply(predicted.bottomRight), bottomLeft: toImage.apply(predicted.bottomLeft))
        // The flattening is upright: a homography that puts the template's top-left nearer
        // another corner of it turns the card, which the frame's match did not.
        let flatCorners = [Point(x: 0, y: 0), Point(x: Double(width), y: 0), Point(x: Double(width), y: Double(height)),
                           Point(x: 0, y: Double(height))]
        let upright = (1..<4).allSatisfy { flatCorners[$0].distance(to: predicted.topLeft) > flatCorners[0].distance(to: predicted.topLeft) }
        if Recognizer.debugCorners {
            FileHandle.standardError.write(Data(String(format: "rematch %@ inliers %d spread %.3f upright %d quad %@\n",
                                                       t.id, m.inliers, m.spread, upright ? 1 : 0, quad.debugText).utf8))
        }
        guard upright, DocumentLocator.isPlausibleOutline(quad) else { return nil }
        return (quad, m.inliers)
    }
}
