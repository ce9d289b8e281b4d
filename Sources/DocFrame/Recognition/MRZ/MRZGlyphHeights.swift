import Foundation

/// The heights of a line's capitals and digits as the OCR boxed them, for telling the two
/// classes apart by height (OCR-B's digits stand about 8% taller than its capitals), measured
/// along the line.
///
/// Why along the line: a page photographed in perspective holds its zone's far end smaller
/// than its near end, and the cut (one rotated box per line) keeps that: on a tilted dev
/// capture (seed 7400) the digits of line 2 grew from 32 to 36 px across the line, so the
/// digits at its small end stood as low as the capitals of its middle, were taken for
/// letters, and every cut's reading, exact, was refused as a misread. A trend is taken out
/// only where it stands clear of the glyphs' own scatter (`negligibleTrend`, three times the
/// median stray): on grainy level zones a fitted slope of a pixel or two was noise, and taking
/// it out turned right O/0 decisions wrong.
struct MRZGlyphHeights: Sendable {
    /// The capitals' median height at the line's centre (the trend taken out).
    var capital: Double
    /// The digits' median height at the line's centre.
    var digit: Double
    /// Height change per pixel along the line (0 where none stands out).
    var slope: Double
    /// Where along the line `capital` and `digit` hold (the glyphs' mean centre).
    var center: Double
    /// The median distance of a glyph's height from its class's median (the trend taken out).
    var spread: Double

    /// A glyph's height at the line's centre: the trend along the line taken out.
    func leveled(_ symbol: RecognizedText.Word) -> Double {
        Double(symbol.height) - slope * (Self.centerX(symbol) - center)
    }

    /// A trend along the line smaller than this fraction of the glyphs' height from one end
    /// to the other is left out (no perspective to speak of; a level line stays as it was
    /// measured). At 3% (and twice the median stray) a grainy level zone's noise was taken out as a
    /// trend.
    static let negligibleTrend = 0.06

    static let letters: Set<Character> = Set("ABCDEFGHIJKLMNPRSTUVWXYZ")
    static let digits: Set<Character> = Set("123456789")

    static func centerX(_ symbol: RecognizedText.Word) -> Double { Double(symbol.x) + Double(symbol.width) / 2 }

    /// The heights of `symbols`' capitals and digits (O and 0 left out: the height decides
    /// them); nil with fewer than 3 of either.
    init?(_ symbols: [RecognizedText.Word]) {
        let classed: [(x: Double, h: Double, digit: Bool)] = symbols.compactMap { s in
            guard s.text.count == 1, let c = s.text.first else { return nil }
            if Self.letters.contains(c) { return (Self.centerX(s), Double(s.height), false) }
            if Self.digits.contains(c) { return (Self.centerX(s), Double(s.height), true) }
            return nil
        }
        let letterCount = classed.filter { !$0.digit }.count, digitCount = classed.count - letterCount
        guard letterCount >= 3, digitCount >= 3 else { return nil }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted[sorted.count / 2]
        }
        // The slope with one offset per class (least squares), fitted again without the glyphs
        // that stray far from the first fit (a split glyph, a speck boxed with a character).
        func fit(_ points: [(x: Double, h: Double, digit: Bool)]) -> Double? {
            var num = 0.0, den = 0.0
            for cls in [false, true] {
                let members = points.filter { $0.digit == cls }
                guard members.count >= 2 else { continue }
                let mx = members.map(\.x).reduce(0, +) / Double(members.count)
                let mh = members.map(\.h).reduce(0, +) / Double(members.count)
                for p in members {
                    num += (p.x - mx) * (p.h - mh)
                    den += (p.x - mx) * (p.x - mx)
                }
            }
            return den > 0 ? num / den : nil
        }
        let center = classed.map(\.x).reduce(0, +) / Double(classed.count)
        func offsets(_ slope: Double) -> (letter: Double, digit: Double) {
            (median(classed.filter { !$0.digit }.map { $0.h - slope * ($0.x - center) }),
             median(classed.filter { $0.digit }.map { $0.h - slope * ($0.x - center) }))
        }
        var slope = fit(classed) ?? 0
        var level = offsets(slope)
        let residuals = classed.map { abs($0.h - slope * ($0.x - center) - ($0.digit ? level.digit : level.letter)) }
        let typical = max(0.5, median(residuals))
        let kept = zip(classed, residuals).filter { $0.1 <= 3 * typical }.map(\.0)
        slope = fit(kept) ?? slope
        let span = (classed.map(\.x).max() ?? 0) - (classed.map(\.x).min() ?? 0)
        // A trend no larger than three times the glyphs' own spread may be the noise's: a grainy
        // level zone fitted a slope of a pixel or two across the line, and taking it out moved
        // O/0 decisions the raw heights made right (MRZGrainyZoneTests).
        level = offsets(slope)
        let strays = median(classed.map { abs($0.h - slope * ($0.x - center) - ($0.digit ? level.digit : level.letter)) })
        if abs(slope) * span < max(Self.negligibleTrend * median(classed.map(\.h)), 3 * strays) { slope = 0 }
        level = offsets(slope)
        self.slope = slope
        self.center = center
        self.capital = level.letter
        self.digit = level.digit
        self.spread = median(classed.map { abs($0.h - slope * ($0.x - center) - ($0.digit ? level.digit : level.letter)) })
    }
}
