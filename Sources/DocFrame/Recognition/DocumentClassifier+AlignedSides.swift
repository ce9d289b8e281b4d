import Foundation

/// The sides of a refused alignment that the image's edges back clearly better than the
/// answer's own.
///
/// On a blurred card both outlines are partly off: the located outline takes a printed band's
/// edge or the photo's border for one side, and the alignment, drawn by a design the blur has
/// thinned, puts another side tens of pixels past the card's edge (then its edges fall short
/// and it is refused: `alignedEdgeLoss`, `alignedSideLoss`), or it places every side right for
/// a gain in correlation too small to trust as a whole (`alignedGain`). Side by side, each
/// outline is right where its side lies on an edge: the answer keeps its own sides and takes the
/// aligned one only where that one is backed by `alignedSideGain` more of its length.
/// Corners a homography placed are left alone: the edge refit after classifying does this work
/// for them, and mixed sides taken before it kept it from running (three cut-off health and
/// licence backs 0.2-0.3% -> 0.6-1.8% off on dev captures, render and synthesis seed 30201).
/// Measured on dev captures (render and synthesis seeds 29101, 29201, 29301, 30101, 30201 and
/// 32101, 4 people per side of the six Canadian card designs; not the evaluation set), 1152
/// card captures, 1096 right answers: corners within 2% 1062 -> 1064 (a blurred PR card front
/// 2.4 -> 0.4%, a blurred, glared Ontario licence front 3.0 -> 1.2%), 5 others closer by
/// 0.3-1.8%, none farther.
extension DocumentClassifier {
    /// How much more of its length (a share) the image's edges must back for an aligned side to
    /// replace the answer's own: a tenth of a side is past the scatter of two fits of one edge.
    static let alignedSideGain = 0.1

    /// Replaces `result.corners` by its outline with the sides of `aligned` (the refined outline,
    /// `snapped` when already refitted to the edges) that the edges back clearly better, where
    /// the outline so made is card-like and backed at least as well as the answer's as a whole.
    func takeAlignedSides(_ result: inout ClassificationResult, aligned: Quad, snapped: Bool, in image: Image) throws {
        // Corners a homography placed are refitted to the edges after classifying (`Recognizer`).
        guard let corners = result.corners, result.path != .frame, !result.rematched else { return }
        let diagonal = max(corners.diagonal, 1)
        var quad = aligned
        if !snapped, let s = try? DocumentLocator.refine(aligned, in: image, search: diagonal / 100),
           s.maxCornerDistance(to: aligned) <= Self.alignedSnap * diagonal { quad = s }
        let own = corners.points, other = quad.points
        var segments: [(from: Point, to: Point)] = []
        for k in 0..<4 {
            segments.append((from: own[k], to: own[(k + 1) % 4]))
            segments.append((from: other[k], to: other[(k + 1) % 4]))
        }
        let backing = try DocumentLocator().edgeSupport(ofSegments: segments, in: image)
        let taken = (0..<4).map { backing[2 * $0 + 1] > backing[2 * $0] + Self.alignedSideGain }
        guard taken.contains(true),
              let mixed = Quad(sides: (0..<4).map { k in taken[k] ? (other[k], other[(k + 1) % 4]) : (own[k], own[(k + 1) % 4]) })
        else { return }
        // A mixed corner may not run farther than twice the aligned outline's move: two nearly
        // parallel sides cross far off.
        guard DocumentLocator.isPlausibleOutline(mixed),
              mixed.maxCornerDistance(to: corners) <= 2 * quad.maxCornerDistance(to: corners) + 0.01 * diagonal else { return }
        let support = try DocumentLocator().edgeSupport(of: [corners, mixed], in: image)
        if Recognizer.debugCorners {
            let list = backing.map { String(format: "%.2f", $0) }.joined(separator: " ")
            FileHandle.standardError.write(Data(String(format: "alignsides %@ mixed %@ score %.3f -> %.3f\n", list, mixed.debugText,
                                                       support[0].score, support[1].score).utf8))
        }
        guard support[1].score >= support[0].score else { return }
        result.unalignedCorners = corners
        result.corners = mixed
        result.orientation = Orientation(of: mixed)
    }
}
