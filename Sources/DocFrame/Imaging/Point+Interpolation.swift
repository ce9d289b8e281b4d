extension Point {
    /// The point `fraction` of the way from this one to `target` (beyond it past 1).
    func along(to target: Point, by fraction: Double) -> Point {
        Point(x: x + (target.x - x) * fraction, y: y + (target.y - y) * fraction)
    }
}
