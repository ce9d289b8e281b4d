/// An axis-aligned rectangle in frame pixels: the guide frame a capture screen draws.
/// Coverage, overflow and cut-off are judged against it rather than the whole image, because
/// the guide is what the user aligns the card with.
public struct GuideRect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var area: Double { width * height }
    public var diagonal: Double { (width * width + height * height).squareRoot() }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// `[x, y, w, h]`, the JSON form.
    public var array: [Double] { [x, y, width, height] }

    /// The document's area over the guide's ("Move a little closer" below the policy's minimum).
    public func fill(of quad: Quad) -> Double {
        area > 0 ? quad.area / area : 0
    }

    /// How far the quad's farthest corner lies outside the guide, as a share of the guide's
    /// width (horizontally) or height (vertically); 0 when the quad is inside.
    public func overflow(of quad: Quad) -> Double {
        guard width > 0, height > 0 else { return .infinity }
        return quad.points.map { p in
            max(max(x - p.x, p.x - maxX, 0) / width, max(y - p.y, p.y - maxY, 0) / height)
        }.max() ?? 0
    }

    /// Whether the quad's long axis lies across the guide's (a card held upright in a
    /// landscape-shaped guide: "Turn your license sideways"). Uses the shape only, so it works
    /// for unknown documents whose corner labels mean nothing.
    public func isAcross(_ quad: Quad) -> Bool {
        let horizontalEdges = (quad.topRight - quad.topLeft) + (quad.bottomRight - quad.bottomLeft)
        let verticalEdges = (quad.bottomLeft - quad.topLeft) + (quad.bottomRight - quad.topRight)
        let longAxis = length(horizontalEdges) >= length(verticalEdges) ? horizontalEdges : verticalEdges
        let documentAlongX = abs(longAxis.x) >= abs(longAxis.y)
        let guideAlongX = width >= height
        return documentAlongX != guideAlongX
    }

    /// The guide as whole pixels clipped to a `width` x `height` frame (for the guide cut).
    func pixelBounds(clippedTo frameWidth: Int, _ frameHeight: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let x0 = max(0, min(frameWidth, Int(x.rounded(.down))))
        let y0 = max(0, min(frameHeight, Int(y.rounded(.down))))
        let x1 = max(x0, min(frameWidth, Int(maxX.rounded(.up))))
        let y1 = max(y0, min(frameHeight, Int(maxY.rounded(.up))))
        return (x0, y0, x1 - x0, y1 - y0)
    }

    private func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
}


