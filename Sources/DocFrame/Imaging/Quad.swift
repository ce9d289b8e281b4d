/// A point in image pixels (x to the right, y down).
public struct Point: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }

    public func distance(to other: Point) -> Double {
        let d = self - other
        return (d.x * d.x + d.y * d.y).squareRoot()
    }
}

/// A document's four corners in its own order: top-left, top-right, bottom-right, bottom-left
/// of the document (so an upside-down card's `topLeft` lies near the image's bottom-right).
public struct Quad: Sendable, Hashable, Codable {
    public var topLeft: Point
    public var topRight: Point
    public var bottomRight: Point
    public var bottomLeft: Point

    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// From `[[x, y], ...]` in the order above (the JSON form); nil unless four pairs.
    public init?(pairs: [[Double]]) {
        guard pairs.count == 4, pairs.allSatisfy({ $0.count == 2 }) else { return nil }
        let p = pairs.map { Point(x: $0[0], y: $0[1]) }
        self.init(topLeft: p[0], topRight: p[1], bottomRight: p[2], bottomLeft: p[3])
    }

    /// An axis-aligned rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(topLeft: Point(x: x, y: y), topRight: Point(x: x + width, y: y),
                  bottomRight: Point(x: x + width, y: y + height), bottomLeft: Point(x: x, y: y + height))
    }

    public var points: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// `[[x, y], ...]`, the JSON form.
    public var pairs: [[Double]] { points.map { [$0.x, $0.y] } }

    /// Shoelace area (positive for either winding).
    public var area: Double {
        let p = points
        var sum = 0.0
        for i in 0..<4 {
            let a = p[i], b = p[(i + 1) % 4]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    public var center: Point {
        let p = points
        return Point(x: p.map(\.x).reduce(0, +) / 4, y: p.map(\.y).reduce(0, +) / 4)
    }

    /// The longer diagonal's length.
    public var diagonal: Double { max(topLeft.distance(to: bottomRight), topRight.distance(to: bottomLeft)) }

    /// Largest distance between corresponding corners.
    public func maxCornerDistance(to other: Quad) -> Double {
        zip(points, other.points).map { $0.distance(to: $1) }.max() ?? 0
    }

    /// The same quad with every coordinate multiplied by `factor` (from a downscaled copy back to full size).
    public func scaled(by factor: Double) -> Quad {
        Quad(topLeft: Point(x: topLeft.x * factor, y: topLeft.y * factor),
             topRight: Point(x: topRight.x * factor, y: topRight.y * factor),
             bottomRight: Point(x: bottomRight.x * factor, y: bottomRight.y * factor),
             bottomLeft: Point(x: bottomLeft.x * factor, y: bottomLeft.y * factor))
    }

    /// The corners renamed after a clockwise turn of the document by `quarterTurns` x 90 degrees
    /// relative to the current labelling: the corner called top-left moves one place on.
    public func rotatingLabels(by quarterTurns: Int) -> Quad {
        let p = points
        let k = ((quarterTurns % 4) + 4) % 4
        let r = (0..<4).map { p[($0 + k) % 4] }
        return Quad(topLeft: r[0], topRight: r[1], bottomRight: r[2], bottomLeft: r[3])
    }

    /// Whether every corner lies inside a `width` x `height` image.
    public func isInside(width: Int, height: Int) -> Bool {
        points.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x <= Double(width) && $0.y <= Double(height) }
    }

    /// Whether a side lies along the border of a `width` x `height` image (both its corners within
    /// `tolerance` pixels of the same border): an outline that borrowed the image's frame for the
    /// side of a card running out of view, so the card is cut off although every corner is inside.
    func runsAlongBorder(width: Int, height: Int, tolerance: Double) -> Bool {
        let w = Double(width), h = Double(height)
        let p = points
        return (0..<4).contains { i in
            let a = p[i], b = p[(i + 1) % 4]
            return (a.x <= tolerance && b.x <= tolerance) || (a.y <= tolerance && b.y <= tolerance)
                || (a.x >= w - tolerance && b.x >= w - tolerance) || (a.y >= h - tolerance && b.y >= h - tolerance)
        }
    }
}

extension Quad {
    /// Whether `point` lies inside the quad, taken as convex (either winding): on the same side
    /// of all four edges.
    func holds(_ point: Point) -> Bool {
        let p = points
        let crosses = (0..<4).map { i -> Double in
            let a = p[i], b = p[(i + 1) % 4]
            return (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
        }
        return crosses.allSatisfy { $0 >= 0 } || crosses.allSatisfy { $0 <= 0 }
    }

    /// The long/short side ratio (from the two pairs of opposite sides).
    var sideRatio: Double {
        let a = (topLeft.distance(to: topRight) + bottomLeft.distance(to: bottomRight)) / 2
        let b = (topLeft.distance(to: bottomLeft) + topRight.distance(to: bottomRight)) / 2
        guard min(a, b) > 0 else { return .infinity }
        return max(a, b) / min(a, b)
    }

    /// The corners relabelled so that the first side is a long side (a landscape reading):
    /// flattening this gives a landscape image, upright or turned 180 degrees.
    public var landscape: Quad {
        let horizontal = topLeft.distance(to: topRight) + bottomLeft.distance(to: bottomRight)
        let vertical = topLeft.distance(to: bottomLeft) + topRight.distance(to: bottomRight)
        return horizontal >= vertical ? self : rotatingLabels(by: 1)
    }
}
