import Foundation

/// Joins the pieces of one text line that the line finder returned apart.
///
/// Glare that washes out a few characters, or a run of faint `<` under it, breaks a zone's line
/// in the finder's mask: the line comes back as two or three shorter boxes on the same baseline,
/// none of them long enough to be taken for a zone's line, and the zone is not found at all
/// although most of it reads (measured on generated glare captures flattened by their true
/// corners: 6 of 14 zones lost this way were legible). Pieces that continue each other (the
/// same direction and height, on one line, a gap of at most a few characters) are joined into
/// one box; the pieces are kept too, so a join of two unrelated texts side by side only adds a
/// candidate the zone's other tests (`MRZLocator`) still have to accept, and `MRZLocator` ranks a
/// zone with a joined line after every zone without one: at a fine scale a whole zone's lines
/// come back in pieces too, whose joins stand a few pixels off the lines and read garbage.
enum TextLineJoining {
    /// The widest gap bridged, in line heights: an OCR-B character's pitch is about the line
    /// box's height (30 and 27-31 px on a canonical TD3 page), and three characters washed out
    /// leave a gap of 3.3 heights between the pieces.
    static let maximumGap = 4.0

    /// `lines` with every chain of continuing pieces added as one joined box, top to bottom.
    static func joined(_ lines: [TextLineBox]) -> [TextLineBox] {
        (lines + joins(in: lines)).sorted { $0.centerY < $1.centerY }
    }

    /// One joined box for every chain of continuing pieces in `lines`.
    static func joins(in lines: [TextLineBox]) -> [TextLineBox] {
        var joined: [TextLineBox] = []
        let byLeft = lines.sorted { $0.left < $1.left }
        var used = Set<Int>()
        for (i, start) in byLeft.enumerated() where !used.contains(i) {
            var current = start
            var pieces = 1
            var j = i + 1
            while j < byLeft.count {
                if !used.contains(j), continues(current, with: byLeft[j]) {
                    current = join(current, byLeft[j])
                    used.insert(j)
                    pieces += 1
                }
                j += 1
            }
            if pieces > 1 { joined.append(current) }
        }
        return joined
    }

    /// Whether `next` (starting right of `line`'s start) carries `line` on: about parallel and
    /// of one height, its centre on `line`'s axis, starting after `line` ends within the gap.
    static func continues(_ line: TextLineBox, with next: TextLineBox) -> Bool {
        let height = max(line.height, next.height)
        guard abs(line.angle - next.angle) < 3, next.height / line.height > 0.6, next.height / line.height < 1.6,
              line.width >= 2 * line.height, next.width >= 2 * next.height else { return false }
        let radians = line.angle * .pi / 180
        let dx = next.centerX - line.centerX, dy = next.centerY - line.centerY
        // Offset across `line`'s axis, and the gap along it.
        let across = -dx * sin(radians) + dy * cos(radians)
        let along = dx * cos(radians) + dy * sin(radians)
        let gap = along - line.width / 2 - next.width / 2
        return abs(across) < 0.35 * height && gap > -0.5 * height && gap < maximumGap * height
    }

    /// One box from the start of `a` to the end of `b`, along `a`'s direction.
    static func join(_ a: TextLineBox, _ b: TextLineBox) -> TextLineBox {
        let radians = a.angle * .pi / 180
        let ux = cos(radians), uy = sin(radians)
        let startX = a.centerX - ux * a.width / 2, startY = a.centerY - uy * a.width / 2
        let endX = b.centerX + ux * b.width / 2, endY = b.centerY + uy * b.width / 2
        let length = (endX - startX) * ux + (endY - startY) * uy
        let angle = (a.angle * a.width + b.angle * b.width) / (a.width + b.width)
        return TextLineBox(centerX: (startX + endX) / 2, centerY: (startY + endY) / 2, width: length,
                           height: max(a.height, b.height), angle: angle)
    }
}
