/// A colour for the specimen canvas: red, green, blue 0-255 and opacity 0-1.
public struct RGBA: Sendable, Equatable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `0xRRGGBB` with an opacity.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(Double((hex >> 16) & 0xFF), Double((hex >> 8) & 0xFF), Double(hex & 0xFF), alpha)
    }

    /// The same colour at another opacity.
    public func opacity(_ a: Double) -> RGBA { RGBA(r, g, b, a) }

    /// This colour mixed toward `other` by `t` (0 = self, 1 = other).
    public func mixed(with other: RGBA, _ t: Double) -> RGBA {
        RGBA(r + (other.r - r) * t, g + (other.g - g) * t, b + (other.b - b) * t, a + (other.a - a) * t)
    }

    public static let white = RGBA(255, 255, 255)
    public static let black = RGBA(0, 0, 0)
    /// Printed "black" ink on cards is a very dark grey-blue.
    public static let ink = RGBA(22, 24, 32)
}
