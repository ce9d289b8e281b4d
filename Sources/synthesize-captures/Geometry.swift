import DocFrame
import Foundation

/// A 3x3 projective transform, row-major, mapping source pixels to image pixels.
struct Homography {
    var m: [Double]

    /// The transform taking the four `from` points onto the four `to` points.
    init(from: [Point], to: [Point]) throws {
        // Eight equations in h0...h7 (h8 = 1), solved by Gaussian elimination with pivoting.
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for k in 0..<4 {
            let (x, y, u, v) = (from[k].x, from[k].y, to[k].x, to[k].y)
            a[2 * k] = [x, y, 1, 0, 0, 0, -u * x, -u * y, u]
            a[2 * k + 1] = [0, 0, 0, x, y, 1, -v * x, -v * y, v]
        }
        for col in 0..<8 {
            let pivot = (col..<8).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            guard abs(a[pivot][col]) > 1e-12 else { throw DocFrameError(.invalidArgument, "degenerate quad") }
            a.swapAt(col, pivot)
            for row in 0..<8 where row != col {
                let f = a[row][col] / a[col][col]
                if f != 0 { for c in col..<9 { a[row][c] -= f * a[col][c] } }
            }
        }
        m = (0..<8).map { a[$0][8] / a[$0][$0] } + [1]
    }

    func apply(_ p: Point) -> Point {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return Point(x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }
}

extension Point {
    func rotated(by degrees: Double) -> Point {
        let a = degrees * .pi / 180
        return Point(x: x * cos(a) - y * sin(a), y: x * sin(a) + y * cos(a))
    }

    func scaled(_ k: Double) -> Point { Point(x: x * k, y: y * k) }
}

enum Polygon {
    /// Shoelace area.
    static func area(_ p: [Point]) -> Double {
        guard p.count >= 3 else { return 0 }
        var s = 0.0
        for i in 0..<p.count {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return abs(s) / 2
    }

    /// The part of a convex or simple polygon inside `[0, w] x [0, h]` (Sutherland-Hodgman).
    static func clipped(_ polygon: [Point], width: Double, height: Double) -> [Point] {
        var out = polygon
        let edges: [(Point) -> Double] = [{ $0.x }, { width - $0.x }, { $0.y }, { height - $0.y }]
        for inside in edges {
            let input = out
            out = []
            guard !input.isEmpty else { break }
            for i in 0..<input.count {
                let cur = input[i], prev = input[(i + input.count - 1) % input.count]
                let dc = inside(cur), dp = inside(prev)
                if dc >= 0 {
                    if dp < 0 { out.append(lerp(prev, cur, dp / (dp - dc))) }
                    out.append(cur)
                } else if dp >= 0 {
                    out.append(lerp(prev, cur, dp / (dp - dc)))
                }
            }
        }
        return out
    }

    static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    static func centroid(_ p: [Point]) -> Point {
        Point(x: p.map(\.x).reduce(0, +) / Double(p.count), y: p.map(\.y).reduce(0, +) / Double(p.count))
    }

    static func bounds(_ p: [Point]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (p.map(\.x).min()!, p.map(\.y).min()!, p.map(\.x).max()!, p.map(\.y).max()!)
    }
}

/// The rounded rectangle outline of a `w` x `h` shape, as a polygon.
func roundedRect(x: Double, y: Double, w: Double, h: Double, r: Double, steps: Int = 6) -> [Point] {
    let r = min(r, w / 2, h / 2)
    guard r > 0.5 else { return [Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h)] }
    var pts: [Point] = []
    let centers = [Point(x: x + w - r, y: y + r), Point(x: x + w - r, y: y + h - r), Point(x: x + r, y: y + h - r), Point(x: x + r, y: y + r)]
    for (k, c) in centers.enumerated() {
        let start = -90.0 + Double(k) * 90
        for s in 0...steps {
            let a = (start + 90 * Double(s) / Double(steps)) * .pi / 180
            pts.append(Point(x: c.x + r * cos(a), y: c.y + r * sin(a)))
        }
    }
    return pts
}
