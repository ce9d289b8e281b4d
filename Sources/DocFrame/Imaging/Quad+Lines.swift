import Foundation

/// Lines through pairs of points, where outlines are fitted side by side (a page's sides turned
/// or refitted, a card's sides taken from two outlines) and met again as corners.
extension Point {
    /// Where the lines through `s` and `t` cross; nil when they are parallel.
    static func crossing(of s: (Point, Point), _ t: (Point, Point)) -> Point? {
        let d1 = s.1 - s.0, d2 = t.1 - t.0
        let den = d1.x * d2.y - d1.y * d2.x
        guard abs(den) > 1e-9 else { return nil }
        let u = ((t.0.x - s.0.x) * d2.y - (t.0.y - s.0.y) * d2.x) / den
        return Point(x: s.0.x + d1.x * u, y: s.0.y + d1.y * u)
    }
}

extension Quad {
    /// The outline whose corner k lies where the lines through `sides[k - 1]` and `sides[k]`
    /// cross (side k runs from corner k to corner k + 1, top first, clockwise); nil when two
    /// neighbouring sides are parallel.
    init?(sides: [(Point, Point)]) {
        guard sides.count == 4 else { return nil }
        var corners: [Point] = []
        for k in 0..<4 {
            guard let p = Point.crossing(of: sides[(k + 3) % 4], sides[k]) else { return nil }
            corners.append(p)
        }
        self.init(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    /// Where the diagonals cross: the image of the rectangle's centre, whatever the perspective.
    var diagonalCrossing: Point? { Point.crossing(of: (topLeft, bottomRight), (topRight, bottomLeft)) }

    /// The corners as the corner debug lines print them (`DOCFRAME_DEBUG_CORNERS`).
    var debugText: String { points.map { String(format: "%.0f,%.0f", $0.x, $0.y) }.joined(separator: ",") }
}
