import Foundation

/// Which of the locator's outlines a live session goes on with when the tracker has lost the
/// card (`Recognizer.analyze`, locate-only frames).
///
/// As a rule the one nearest the previous outline: the locator may rank a background edge or a
/// printed inner frame first for a frame, and the card moves little between two frames.
///
/// Not while a card comes in over the frame's edge. Its outline then runs along that edge, and
/// the part of the card in view grows by more than a tracking step per frame, so the nearest
/// outline is the next frame's part in view, still along the edge: on the bench's entry
/// sequence (1280x720, 30 fps) the outline stayed there for three frames after the card was
/// wholly in view while the locator ranked the whole card first, and the classification of
/// the whole card, with it the label, waited for it. The whole card is taken when it is there:
/// the locator's first outline that is not cut off, at least as large as the previous outline
/// and holding most of it (`minCover`: the card moves between the two frames), with a side as
/// long (within `sideTolerance`) as the previous outline's longest side off the edge, which is
/// one of the card's own sides when it slides in straight. A printed frame inside the card has
/// such a side too when the card also comes closer (the committed approach sequence: a card
/// rising from the frame's lower edge, the Ontario front's inner panel taken for it): it is
/// smaller than the part seen before.
enum LostTrack {
    /// How close to the frame's border (share of its longer side) a corner makes the outline one
    /// that runs along the edge.
    static let edgeMargin = 0.015
    /// How much a whole card's side may differ from the side seen off the edge (log ratio): the
    /// card may turn or tilt a little between the two frames.
    static let sideTolerance = 0.15

    static func successor(of previous: Quad, among candidates: [LocatedQuad], frameWidth: Int, frameHeight: Int) -> LocatedQuad? {
        if let inside = sideOffEdge(of: previous, frameWidth: frameWidth, frameHeight: frameHeight),
           let whole = candidates.first(where: { candidate in
               !candidate.cutOff && candidate.corners.holds(previous.center)
                   && candidate.corners.area >= previous.area && covered(previous, by: candidate.corners) >= minCover
                   && sides(of: candidate.corners).contains { abs(log($0 / inside)) <= sideTolerance }
           }) {
            return whole
        }
        return candidates.min { distance($0.corners, previous) < distance($1.corners, previous) }
    }

    /// The longest side of `quad` with neither end near the frame's border, when some corner is
    /// near it (the outline runs along the edge); nil otherwise.
    static func sideOffEdge(of quad: Quad, frameWidth: Int, frameHeight: Int) -> Double? {
        let margin = edgeMargin * Double(max(frameWidth, frameHeight))
        func nearBorder(_ p: Point) -> Bool {
            p.x <= margin || p.y <= margin || p.x >= Double(frameWidth) - margin || p.y >= Double(frameHeight) - margin
        }
        let p = quad.points
        guard p.contains(where: nearBorder) else { return nil }
        let off = (0..<4).filter { !nearBorder(p[$0]) && !nearBorder(p[($0 + 1) % 4]) }.map { p[$0].distance(to: p[($0 + 1) % 4]) }
        return off.max().flatMap { $0 > 0 ? $0 : nil }
    }

    /// How much of `quad`'s bounding box the previous outline's box keeps inside the candidate's.
    static let minCover = 0.7

    /// The share of `quad`'s bounding box inside `other`'s bounding box.
    static func covered(_ quad: Quad, by other: Quad) -> Double {
        func box(_ q: Quad) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
            let xs = q.points.map(\.x), ys = q.points.map(\.y)
            return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
        }
        let a = box(quad), b = box(other)
        let w = max(0, min(a.x1, b.x1) - max(a.x0, b.x0)), h = max(0, min(a.y1, b.y1) - max(a.y0, b.y0))
        let area = (a.x1 - a.x0) * (a.y1 - a.y0)
        return area > 0 ? w * h / area : 0
    }

    static func sides(of quad: Quad) -> [Double] {
        let p = quad.points
        return (0..<4).map { p[$0].distance(to: p[($0 + 1) % 4]) }
    }

    /// Sum of corner distances under the best relabelling (locate order is image order).
    static func distance(_ a: Quad, _ b: Quad) -> Double {
        (0..<4).map { k in zip(a.rotatingLabels(by: k).points, b.points).map { $0.distance(to: $1) }.reduce(0, +) }.min() ?? .infinity
    }
}
