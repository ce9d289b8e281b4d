internal import CDocVision
import Foundation

/// A camera's motion streak over a candidate zone measured too blurred to read
/// (`MRZLineSharpness`), and the zone's region with the streak undone.
///
/// A shaken camera smears each point along a short straight line: the region's spectrum has a
/// comb of zeros across the streak, which its cepstrum shows as one deep trough at the streak's
/// length and direction. Knowing the streak, a Wiener filter takes most of the smear back out
/// (with the true streak, 30 of 39 motion-blurred bench passports read exact). Defocus spreads
/// a point over a disk instead, whose trough is a ring, as deep in every direction: no clear
/// streak, and nothing is tried (its zeros are too deep for the deconvolution to restore).
enum MRZMotionDeblur {
    /// A straight streak in pixels of the image measured, its direction in degrees (0 along the
    /// rows, 90 down the columns) and how far its trough stands out (see `minimumClarity`).
    struct Streak: Sendable, Equatable {
        var length: Double
        var angle: Double
        var clarity: Double
    }

    /// `DOCFRAME_DEBUG_DEBLUR=1`: each estimate on standard error (no characters).
    static let trace = ProcessInfo.processInfo.environment["DOCFRAME_DEBUG_DEBLUR"] == "1"

    /// Below this trough-over-ring depth no streak is taken. Measured on bench-mrz's captures of
    /// dev seeds 7300 and 7400 (65 measured: every capture left unread, blurred or not): defocus,
    /// glare, dark and JPEG captures 0.9-6.5 (a JPEG's 8-pixel blocks make a trough at 8), motion
    /// streaks 8.3-41 (the three under 9 short or recompressed; one of them measured wrong).
    static let minimumClarity = 8.0

    /// Streak lengths looked for, as fractions of the image's diagonal: shorter ones leave a
    /// zone readable, longer ones smear a character over its neighbours past any deconvolution.
    static let lengths = 0.004...0.03

    /// The Wiener filter's noise-to-signal ratio.
    static let noiseToSignal = 0.01

    /// Pixel rectangle `[x, y, width, height]`.
    struct Region: Sendable, Equatable {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// The region around a candidate zone's `lines` in an image of `width` x `height`, where its
    /// streak is measured: their boxes' extent grown sideways by a quarter of the zone's length
    /// (blurred lines are often found short) and up and down by one and a half times its height, and to at least `minimumHeight` (what the cepstrum's tiles need), clipped.
    static func region(around lines: [TextLineBox], width: Int, height: Int, minimumHeight: Int) -> Region? {
        var xs: [Double] = [], ys: [Double] = []
        for line in lines {
            let a = line.angle * Double.pi / 180, c = cos(a), s = sin(a)
            for (u, v) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
                let dx = u * line.width / 2, dy = v * line.height / 2
                xs.append(line.centerX + c * dx - s * dy)
                ys.append(line.centerY + s * dx + c * dy)
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(), x1 > x0, y1 > y0 else { return nil }
        let growX = 0.25 * (x1 - x0)
        let growY = max(1.5 * (y1 - y0), (Double(minimumHeight) - (y1 - y0)) / 2)
        let left = max(0, Int((x0 - growX).rounded(.down))), right = min(width, Int((x1 + growX).rounded(.up)))
        let top = max(0, Int((y0 - growY).rounded(.down))), bottom = min(height, Int((y1 + growY).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        return Region(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The streak measured in `region` of `image`, lengths `lengths` of its diagonal; nil when
    /// none stands out (`minimumClarity`) or the region is too small to measure.
    static func streak(in image: Image, region: Region) throws -> Streak? {
        let measured = try measure(in: image, region: region)
        return measured.clarity >= minimumClarity ? measured : nil
    }

    /// The deepest trough's streak whatever its clarity (0 when nothing was measured).
    static func measure(in image: Image, region: Region) throws -> Streak {
        let diagonal = (Double(image.width * image.width + image.height * image.height)).squareRoot()
        var out = dv_motion_streak()
        try DocVision.check {
            dv_motion_streak_estimate(image.native.handle, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height),
                                      max(2, lengths.lowerBound * diagonal), lengths.upperBound * diagonal, &out, $0)
        }
        // The trough lies one pixel past the streak's length: a streak drawn L long covers
        // L + 1 pixels (its antialiased ends), and its zeros are that far apart.
        return Streak(length: max(0, out.length - 1), angle: out.angle, clarity: out.clarity)
    }

    /// `region` of `image` in grey with `streak` undone (Wiener, `noiseToSignal`).
    static func deblurred(_ image: Image, region: Region, streak: Streak, noiseToSignal: Double = noiseToSignal) throws -> Image {
        let value = dv_motion_streak(length: streak.length, angle: streak.angle, clarity: streak.clarity)
        return try Image(native: DocVision.makeImage {
            dv_motion_deblur(image.native.handle, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height),
                             value, noiseToSignal, $0, $1)
        })
    }

    /// The cepstrum's tiles need over twice the longest lag (`dv_motion_streak_estimate`): three times, for two rows of tiles or more.
    static func minimumRegionHeight(imageWidth: Int, imageHeight: Int) -> Int {
        let diagonal = (Double(imageWidth * imageWidth + imageHeight * imageHeight)).squareRoot()
        return Int((3 * lengths.upperBound * diagonal).rounded(.up)) + 8
    }
}
