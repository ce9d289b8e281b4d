extension Quad {
    /// The quad with its top edge moved along the left and right sides, away from the bottom
    /// edge, until those sides are `factor` times as long (under 1, towards it): a page whose
    /// outline stopped at a band printed across it, grown to the page's shape.
    func extendingTop(by factor: Double) -> Quad {
        Quad(topLeft: bottomLeft.along(to: topLeft, by: factor), topRight: bottomRight.along(to: topRight, by: factor),
             bottomRight: bottomRight, bottomLeft: bottomLeft)
    }

    /// `extendingTop(by:)` for the bottom edge, away from the top one.
    func extendingBottom(by factor: Double) -> Quad {
        Quad(topLeft: topLeft, topRight: topRight,
             bottomRight: topRight.along(to: bottomRight, by: factor), bottomLeft: topLeft.along(to: bottomLeft, by: factor))
    }
}
