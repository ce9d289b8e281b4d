/// An axis-aligned rectangle in canvas pixels.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var w: Double
    public var h: Double

    public init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }

    public var maxX: Double { x + w }
    public var maxY: Double { y + h }
    public var midX: Double { x + w / 2 }
    public var midY: Double { y + h / 2 }

    /// The rectangle shrunk by `d` on every side.
    public func inset(_ d: Double) -> Rect { Rect(x + d, y + d, w - 2 * d, h - 2 * d) }

    /// The smallest rectangle holding both.
    public func union(_ o: Rect) -> Rect {
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return Rect(x0, y0, max(maxX, o.maxX) - x0, max(maxY, o.maxY) - y0)
    }

    /// Whole-pixel `[x, y, w, h]` covering the rectangle, as sidecars write it.
    public var pixelBox: [Int] {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        return [x0, y0, Int(maxX.rounded(.up)) - x0, Int(maxY.rounded(.up)) - y0]
    }
}
