import Foundation

/// The clockwise rotation of a document in an image, snapped to quarter turns.
public enum Orientation: Int, Sendable, Codable, CaseIterable {
    case up = 0
    case right = 90
    case upsideDown = 180
    case left = 270

    /// Degrees clockwise: 0, 90, 180 or 270.
    public var degrees: Int { rawValue }

    public var quarterTurns: Int { rawValue / 90 }

    public init(quarterTurns: Int) {
        self = Orientation(rawValue: (((quarterTurns % 4) + 4) % 4) * 90)!
    }

    /// Snaps any angle in degrees (clockwise) to the nearest quarter turn.
    public init(snapping degrees: Double) {
        let turns = Int((degrees / 90).rounded())
        self.init(quarterTurns: turns)
    }
}

extension Orientation {
    /// The clockwise turn of a document whose corners are in its own order: the direction of
    /// its top and bottom sides (averaged, so one skewed side counts less), snapped to a quarter
    /// turn.
    public init(of document: Quad) {
        let top = (document.topRight - document.topLeft) + (document.bottomRight - document.bottomLeft)
        self.init(snapping: atan2(top.y, top.x) * 180 / .pi)
    }
}
