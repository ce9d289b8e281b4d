import Foundation

/// Picks the lines that form a machine-readable zone among the text lines found in an image
/// (policy; the shim only measures).
///
/// An MRZ is 2 or 3 lines of the same length, parallel, left-aligned, evenly and closely spaced,
/// each far longer than high (30 to 44 characters of a monospaced font), and usually the
/// longest text lines on the page, at its bottom. Groups are ranked by how well they fit that.
struct MRZLocator: Sendable {
    /// A candidate zone, lines top to bottom.
    struct Group: Sendable {
        var lines: [TextLineBox]
        var score: Double
    }

    /// Candidate groups, best first (at most `limit`).
    func groups(in lines: [TextLineBox], imageWidth: Int, imageHeight: Int, limit: Int = 3) -> [Group] {
        // Long, thin, near-horizontal lines only. An OCR-B character is about 0.7 of its line
        // box height wide, so 30 characters make a box at least ~15 times as long as high.
        let candidates = Self.joiningBroken(lines).filter {
            $0.width >= 12 * $0.height && abs($0.angle) <= 30 && $0.width >= 0.15 * Double(imageWidth)
        }
        var groups: [Group] = []
        for (i, first) in candidates.enumerated() {
            var members = [first]
            for next in candidates[(i + 1)...] {
                guard members.count < 3 else { break }
                let last = members[members.count - 1]
                if fits(next, after: last, first: first) { members.append(next) }
            }
            guard members.count >= 2 else { continue }
            // A 3-line group also yields its 2-line prefix and suffix (a TD3 below a text line).
            var options = [members]
            if members.count == 3 {
                options.append(Array(members.prefix(2)))
                options.append(Array(members.suffix(2)))
            }
            for option in options {
                groups.append(Group(lines: option, score: score(option, imageWidth: imageWidth, imageHeight: imageHeight)))
            }
        }
        return Array(groups.sorted { $0.score > $1.score }.prefix(limit))
    }

    /// `lines` and, besides them, each line made whole again where glare or a finger across it
    /// broke it in two: pieces on one axis (same angle and height, centres on one line) with a
    /// gap of at most `maxGap` line heights. The pieces stay candidates too. Glare washing out
    /// the middle of a zone, or a finger over it, left only half-lines (about 20 of 44
    /// characters): no group of them has a zone's length, and the zone was not read at all.
    static func joiningBroken(_ lines: [TextLineBox]) -> [TextLineBox] {
        let pieces = lines.filter { abs($0.angle) <= 30 }.sorted { $0.left < $1.left }
        var joined: [TextLineBox] = []
        var used = Set<Int>()
        for (i, first) in pieces.enumerated() where !used.contains(i) {
            var whole = first
            var grew = false
            for (j, next) in pieces.enumerated() where j > i && !used.contains(j) && continues(whole, with: next) {
                whole = span(whole, next)
                used.insert(j)
                grew = true
            }
            // Only a zone's line is rebuilt: one as long for its height as 30 to 44 OCR-B
            // characters (rows of a page's other print, joined across their gaps, made
            // candidate zones of their own and cost cuts on pages that had none).
            if grew, whole.width >= minimumElongation * whole.height { joined.append(whole) }
        }
        return (lines + joined).sorted { $0.centerY < $1.centerY }
    }

    /// Length over height a line made whole must reach (a TD1 line is about 30, a TD3 one 42).
    static let minimumElongation = 24.0

    /// Line heights of gap a broken line may have (a fingertip covers about ten characters).
    static let maxGap = 12.0

    private static func continues(_ line: TextLineBox, with next: TextLineBox) -> Bool {
        let height = min(line.height, next.height)
        let radians = line.angle * .pi / 180
        // `next`'s centre in the line's own frame: along it, and across it.
        let dx = next.centerX - line.centerX, dy = next.centerY - line.centerY
        let along = dx * cos(radians) + dy * sin(radians)
        let across = -dx * sin(radians) + dy * cos(radians)
        let gap = along - line.width / 2 - next.width / 2
        return abs(line.angle - next.angle) < 3
            && next.height / line.height > 0.75 && next.height / line.height < 1.33
            && abs(across) < 0.4 * height
            && gap > -0.5 * height && gap < maxGap * height
    }

    /// One box from the left end of `a` to the right end of `b`, along `a`'s axis.
    private static func span(_ a: TextLineBox, _ b: TextLineBox) -> TextLineBox {
        let radians = a.angle * .pi / 180
        let ux = cos(radians), uy = sin(radians)
        let dx = b.centerX - a.centerX, dy = b.centerY - a.centerY
        let along = dx * ux + dy * uy
        let start = -a.width / 2, end = max(a.width / 2, along + b.width / 2)
        let middle = (start + end) / 2
        return TextLineBox(centerX: a.centerX + middle * ux, centerY: a.centerY + middle * uy, width: end - start,
                           height: max(a.height, b.height), angle: a.angle)
    }

    /// Whether `next` continues a zone whose last line is `last`.
    private func fits(_ next: TextLineBox, after last: TextLineBox, first: TextLineBox) -> Bool {
        let height = (next.height + last.height) / 2
        let dy = next.centerY - last.centerY
        let lengthRatio = next.width / last.width
        return dy > 1.1 * height && dy < 3.2 * height
            && lengthRatio > 0.85 && lengthRatio < 1.18
            && abs(next.left - first.left) < 0.06 * first.width
            && abs(next.angle - last.angle) < 3
            && next.height / last.height > 0.6 && next.height / last.height < 1.6
    }

    private func score(_ lines: [TextLineBox], imageWidth: Int, imageHeight: Int) -> Double {
        let widths = lines.map(\.width)
        let meanWidth = widths.reduce(0, +) / Double(widths.count)
        let evenness = 1 - (widths.max()! - widths.min()!) / meanWidth
        let length = meanWidth / Double(imageWidth)
        let lowness = lines.last!.centerY / Double(imageHeight)
        return length * 2 + evenness + 0.5 * lowness + (lines.count == 3 ? 0.1 : 0)
    }
}
