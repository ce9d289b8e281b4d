/// One side being drawn: the canvas plus the ground truth gathered while drawing it (the
/// personal fields, in the order drawn, and the named regions).
///
/// Designs draw fixed artwork straight on `canvas` and every personal item through `value`,
/// `region` or `field`, so the sidecar can never disagree with the pixels.
public final class SpecimenPage {
    public let canvas: Canvas
    public let fonts: FontBook
    private(set) var fields: [(String, String)] = []
    private(set) var regions: [(String, Rect)] = []
    var mrz: [String]? = nil

    init(canvas: Canvas, fonts: FontBook) {
        self.canvas = canvas
        self.fonts = fonts
    }

    /// Records (or widens) a named region.
    func region(_ name: String, _ rect: Rect) {
        if let i = regions.firstIndex(where: { $0.0 == name }) {
            regions[i].1 = regions[i].1.union(rect)
        } else {
            regions.append((name, rect))
        }
    }

    /// Records a personal field's ground-truth value (first value wins).
    func field(_ name: String, _ value: String) {
        if !fields.contains(where: { $0.0 == name }) { fields.append((name, value)) }
    }

    /// The box of `text` drawn at baseline (x, y).
    func textBox(_ text: String, x: Double, y: Double, size: Double, font: Font) throws -> Rect {
        let m = try font.measure(text, size: size)
        let ascent = max(m.ascent, size * 0.72)
        return Rect(x, y - ascent, max(m.width, 1), ascent + max(m.descent, size * 0.2))
    }

    /// Draws design text (titles, labels): the same on every seed.
    @discardableResult
    func label(_ text: String, x: Double, y: Double, size: Double, font: Font, _ color: RGBA,
               align: Alignment = .left) throws -> Rect {
        let w = try font.measure(text, size: size).width
        let left = align.left(x, width: w)
        try canvas.text(text, x: left, y: y, size: size, font: font, color)
        return try textBox(text, x: left, y: y, size: size, font: font)
    }

    /// Draws a personal value and records it as field `name` (ground truth `truth`, defaulting to
    /// the printed text) with its region.
    @discardableResult
    func value(_ name: String, _ text: String, truth: String? = nil, x: Double, y: Double, size: Double,
               font: Font, _ color: RGBA = .ink, align: Alignment = .left) throws -> Rect {
        let box = try label(text, x: x, y: y, size: size, font: font, color, align: align)
        field(name, truth ?? text)
        // A little air around the ink, so a crop of the region never clips a stroke.
        region(name, Rect(box.x - 2, box.y - 2, box.w + 4, box.h + 4))
        return box
    }

    /// A text that shrinks until it fits `maxWidth` (long names).
    func fitted(_ text: String, size: Double, font: Font, maxWidth: Double) throws -> Double {
        var s = size
        while s > 8, try font.measure(text, size: s).width > maxWidth { s -= 1 }
        return s
    }

    public enum Alignment: Sendable {
        case left, center, right
        func left(_ x: Double, width: Double) -> Double {
            switch self {
            case .left: x
            case .center: x - width / 2
            case .right: x - width
            }
        }
    }
}
