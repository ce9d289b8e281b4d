import Foundation

/// The corners of a named document that one border of the photo cuts, placed by the camera's
/// geometry instead of guessed.
///
/// A card or passport page cut off by one border shows one side whole and the two sides that run
/// out of view; where no homography places the part out of view (an answer from the card's
/// appearance, a passport page placed from its zone), its far corners were a format's guess or an
/// extrapolation from the zone's few centimetres. The sides in view say more: the two crossing
/// sides are parallel on the document, so they meet where the camera sees their direction; the
/// whole side is square to them; and the document's known aspect (its template's, or TD3's)
/// gives the crossing sides' length from the whole side's. With the camera's principal point at
/// the photo's centre that fixes the far corners, given the focal length. A phone's focal length
/// is not known, so the corners are placed only where every focal length of a phone's camera
/// (`focalRange`) puts them within `agreement` of each other: a tilted document's converging
/// sides decide it; a document seen nearly square-on, whose sides in view are about parallel,
/// leaves its depth undecided, and its corners are kept.
///
/// Measured on generated captures (dev set of render seeds 5001-5008 with synthesis seed 5001,
/// and render and synthesis seeds 6101-6104 under blur and cut-off; not the evaluation sets):
/// prototyped on both, the named documents cut off on one side whose corners come within 2% of the
/// diagonal went 59 -> 66 of 78, the gains passport pages and cards named by their appearance;
/// cards placed by a homography lost as many as they gained (their keypoints see the design's
/// scale), so they keep theirs, and so do answers the template's reference aligned (the design in
/// view places them). On the dev set: 2 cut-off passport pages gained, nothing lost.
enum CutOffCompletion {
    /// Focal lengths of phones' main cameras, in longer sides of the photo (26-28 mm equivalent is
    /// about 0.7; wider and longer lenses either way). The middle one places the corners.
    static let focalRange = [0.6, 0.7, 0.85, 1.0, 1.2]
    static let placingFocal = 0.85
    /// How near (a share of the document's diagonal) the corners every focal length places must lie:
    /// most of the 2% a corner may be off, the rest left to the sides in view. At 0.01 a passport
    /// page whose middle focal length placed it within 0.1% went unplaced (1.1% apart); 0.015
    /// and 0.02 placed the same documents on the captures named below.
    static let agreement = 0.015
    /// The farthest (a share of the diagonal) a corner is moved: the answer's own placement is
    /// rough, not wrong. Where the document's plane is seen nearly edge-on from the whole side,
    /// the placement swings by the focal length within a few percent of it, and a spike between
    /// the focal lengths tried can escape `agreement` (a card tilted 29 degrees, generated: 22%).
    /// On dev captures the placements moved corners by 8% at most.
    static let maximumMove = 0.1

    /// `corners` (the document's own order, its first side a long one) with the two corners out of
    /// a `width` x `height` photo placed again, or nil where not exactly two neighbouring corners
    /// lie out of view, or the placement depends on the focal length (see the type's note).
    /// `aspect`: the document's long side over its short side.
    static func completed(_ corners: Quad, width: Int, height: Int, aspect: Double) -> Quad? {
        let w = Double(width), h = Double(height)
        let p = corners.points
        let out = p.map { $0.x < -1 || $0.y < -1 || $0.x > w + 1 || $0.y > h + 1 }
        guard out.filter({ $0 }).count == 2, aspect > 1,
              let s = (0..<4).first(where: { out[$0] && out[($0 + 1) % 4] }) else { return nil }
        let placings = focalRange.map { place(p, missing: s, centre: Point(x: w / 2, y: h / 2), focal: $0 * max(w, h), aspect: aspect) }
        guard let placed = placings[focalRange.firstIndex(of: placingFocal)!] else { return nil }
        let quad = Quad(topLeft: placed[0], topRight: placed[1], bottomRight: placed[2], bottomLeft: placed[3])
        let diagonal = max(quad.diagonal, 1)
        for other in placings {
            guard let other else { return nil }
            let q = Quad(topLeft: other[0], topRight: other[1], bottomRight: other[2], bottomLeft: other[3])
            guard q.maxCornerDistance(to: quad) <= agreement * diagonal else { return nil }
        }
        // The far corners out of view, as the photo shows them to be.
        guard quad.points.enumerated().allSatisfy({ i, q in
            !out[i] || q.x < -1 || q.y < -1 || q.x > w + 1 || q.y > h + 1
        }), quad.maxCornerDistance(to: corners) <= maximumMove * diagonal, DocumentLocator.isPlausibleOutline(quad) else { return nil }
        return quad
    }

    /// The corners with side `missing` (from corner `missing` to the next) placed for a camera
    /// of `focal` pixels whose principal point is `centre`; nil where the geometry is degenerate.
    private static func place(_ p: [Point], missing s: Int, centre: Point, focal f: Double, aspect: Double) -> [Point]? {
        // The whole side runs from a to b; the crossing sides leave a towards a2, b towards b2.
        let ia2 = s, ib2 = (s + 1) % 4, ia = (s + 3) % 4, ib = (s + 2) % 4
        func h(_ q: Point) -> SIMD3<Double> { SIMD3(q.x - centre.x, q.y - centre.y, 1) }
        let a = h(p[ia]), b = h(p[ib]), a2 = h(p[ia2]), b2 = h(p[ib2])
        // The crossing sides' meeting point, as the direction in space they share.
        let v = a.cross(a2).cross(b.cross(b2))
        let along = SIMD3(v.x / f, v.y / f, v.z)
        // The whole side lies in the plane through the camera and its image line, square to `along`.
        let line = a.cross(b)
        let across = along.cross(SIMD3(f * line.x, f * line.y, line.z))
        let n = along.cross(across), nn = n.length
        guard nn > 0, nn.isFinite else { return nil }
        let normal = n / nn
        func ray(_ q: SIMD3<Double>) -> SIMD3<Double> { SIMD3(q.x / f, q.y / f, 1) }
        let da = normal.dot(ray(a)), db = normal.dot(ray(b))
        guard abs(da) > 1e-9, abs(db) > 1e-9, (da > 0) == (db > 0) else { return nil }
        // On the document's plane (normal . X = 1 or -1): the whole side's ends in space.
        let xa = ray(a) / da, xb = ray(b) / db
        let width = (xa - xb).length, norm = along.length
        guard width > 0, norm > 0 else { return nil }
        // The missing side is a short one (odd: the first side is long): the crossing sides are long.
        let depth = s % 2 == 1 ? width * aspect : width / aspect
        var u = along / norm
        func project(_ x: SIMD3<Double>) -> Point? {
            guard x.z > 1e-9 else { return nil }
            return Point(x: centre.x + f * x.x / x.z, y: centre.y + f * x.y / x.z)
        }
        let (sa, sb) = xa.z > 0 ? (xa, xb) : (-xa, -xb)
        // Towards the border: the way a2 lies from a in the photo.
        guard let nudged = project(sa + u * (1e-3 * width)) else { return nil }
        let toward = Point(x: p[ia2].x - p[ia].x, y: p[ia2].y - p[ia].y)
        if (nudged.x - p[ia].x) * toward.x + (nudged.y - p[ia].y) * toward.y < 0 { u = -u }
        guard let fa = project(sa + u * depth), let fb = project(sb + u * depth),
              fa.x.isFinite, fa.y.isFinite, fb.x.isFinite, fb.y.isFinite else { return nil }
        var result = p
        result[ia2] = fa
        result[ib2] = fb
        return result
    }
}
