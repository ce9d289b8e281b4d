import Foundation
internal import CDocVision

/// Glare judged against the recognised template's reference image.
///
/// The plain washed-out share (`QualityReport.glare`) cannot tell glare from white print: a
/// card with white fields reads 0.2-0.6 with no glare, and a highlight that keeps a little
/// colour reads near 0. With the document recognised, its reference says where the design is
/// white; glare is then a patch of near-white, colourless pixels where the design is not
/// (`dv_measure_reference_glare`). The measure is the largest such patch over the document's
/// area (`CapturePolicy.maxReferenceGlare` decides).
///
/// A glare pixel is HSV value >= 236 and saturation <= 12 (the glare's core reads value 242,
/// saturation 2; Ontario's pale background 219 and 24), or, in a photo whose exposure brought
/// paper white down, at least that paper white plus `paperMargin`: glare is light the card
/// reflects whole, brighter than any print. Paper white is the photo's median value where the
/// reference is white (well inside, so the outline's error does not reach it). A dim 1280x720
/// Ontario sequence (seed 4) showed why: its glare's clipped core read 213-229, paper white
/// 193-196, and the fixed 236 saw nothing (the card was taken under the full glare); relative,
/// its glared frames read 0.0045 or more with the outline shifted 2% either way. Margin 14, not
/// less: the Ontario photo card's portrait background (personal data, a blur in the reference)
/// is brighter than its pale paper and read 0.0078 at margin 10 with the outline 2% off, 0.0006
/// at 14; clean frames of 426x240 sequences of six designs (dev seeds 11, 12) read no higher
/// than with the fixed value. Against the reference a glare pixel is clipped light: saturation
/// <= 4 (`clippedSaturation`; the sequences' cores read 0-2), not 12: at 12, with paper white
/// judged relative, a tracked outline 10% off (the `approach` sequence) put the card's white
/// strip over coloured design and read 0.0062 on clean frames; at 4, 0. The reference's white is
/// judged on its colour averaged over `whiteWindow` (5) pixels: Ontario's pale tinted background
/// has single pixels that pass for white, and the widening by `tolerance` spread them over most
/// of it, hiding glare there (dev sequences, glared frames: Ontario 0.009 -> 0.025, Quebec front
/// 0.003 -> 0.028; clean frames, outline 2% off either way, still 0 on Ontario's licence and
/// photo card, BC's and Quebec's fronts). The reference is white at value >= 230
/// and saturation <= 14, widened by 2 pixels. The glare mask is then opened with a `opening`
/// square: a glare is a solid blob, while the white modules of a barcode and the thin white
/// frames of the artwork, which the reference blanks or a slightly wrong outline shifts onto
/// non-white, are thin (the BC back's barcode read 0.012-0.015 without the opening, as glare).
/// Calibration, flattened with the ground-truth corners, with the corners pushed out by 2% of the
/// width, and shifted down by 4%: the committed glare sequence's glared frames (strength >= 1)
/// read 0.0049 / 0.0045 / 0.0026 at least; the clean frames of the committed sequences and of
/// 1280x720 and 426x240 ones made for Ontario, BC and Quebec 0 / 0.0012 / 0.0099 at most (the
/// 4% shift, far beyond the tracker's error, on Quebec). Shares of white reference by that
/// rule: BC 0.05, Ontario license 0.17, Ontario health card 0.47, Quebec 0.45/0.62, PR card
/// 0.62/0.79. Designs over `maximumWhiteShare` have too little non-white area for that, and the
/// plain washed-out measure reads their white as glare (a glare-free Quebec back about 0.24, held
/// on "Avoid the glare" for ever); they are judged by the print they lose instead
/// (`dv_measure_print_washout`): washed-out pixels where the reference has print within a
/// `printWindow` square (value under `printValue`) but the photo has none (darkest value at least
/// `lostValue` over that square widened by `printTolerance`). Flattened from the committed
/// captures at full size and at 426x240: clean 0 (Quebec back, PR front and back), with the
/// outline shifted 2% 0.0015 at most, 4% 0.0017 (Quebec), 0.0084 (PR front, downward: beyond
/// the tracker's error); a synthetic glare spot over the Quebec back's text block 0.0038-0.0073
/// (the photo's print, blurred at 426x240, stays under 170 where the design has print, so 200
/// lies well above it).
/// What it cannot see: a spot over one thin line of text only (under 0.0012), over the barcode
/// or the portrait (not print by `printValue` at this width, or bright enough to pass).
///
/// References are loaded once per template and kept small (`width` wide): a frame costs one
/// small warp and one pass over 41,000 pixels, well under a millisecond.
final class ReferenceGlare: @unchecked Sendable {
    static let shared = ReferenceGlare()

    /// Work width of the comparison (the reference's aspect gives the height).
    let width = 256
    /// A design whiter than this (share of its reference) leaves too little to judge glare on.
    static let maximumWhiteShare = 0.55
    let glareValue: Int32 = 236
    /// Glare is judged at the photo's paper white plus this much where that is under
    /// `glareValue` (the photo's exposure brought white down): the value where the reference is
    /// white, measured on the frame itself (see the type's notes).
    let paperMargin: Int32 = 14
    /// Share of the document the reference must have white (well inside its white areas) for
    /// the paper white to be measured; under it, `glareValue` alone.
    let minimumPaperShare: Float = 0.005
    /// Paper white read under this is no paper: the reference's white there is mostly personal
    /// data it blanks (the Ontario back's barcode read 80); `glareValue` alone then.
    let minimumPaperValue: Int32 = 160
    let glareSaturation: Int32 = 12
    /// Saturation of a glare pixel against the reference: clipped light, all channels alike (the
    /// sequences' glare cores read 0-2). Colourless pale design read at 12 (see the type's notes).
    let clippedSaturation: Int32 = 4
    /// Square the reference's colour is averaged over before its white is judged.
    let whiteWindow: Int32 = 5
    let whiteValue: Int32 = 230
    let whiteSaturation: Int32 = 14
    /// Pixels the white mask is widened by (the outline's error at `width`).
    let tolerance: Int32 = 2
    /// Side of the square that opens the glare mask (thin white structures are not glare).
    /// Print in the reference, for designs judged by the print they lose (see above).
    let printValue: Int32 = 170
    /// The photo's darkest value near print that counts as the print washed out.
    let lostValue: Int32 = 200
    /// Side of the square around a pixel searched for print.
    let printWindow: Int32 = 7
    /// Pixels that square is widened by in the photo: print is thin, so an outline 2% off
    /// (5 pixels at `width`) moves it out of a square widened by 2 (the PR front read 0.0045).
    let printTolerance: Int32 = 4
    let opening: Int32 = 5
    /// Share of the width along each edge left out.
    let edgeBand: Float = 0.04

    private struct Entry {
        var image: Image
        var whiteShare: Double
    }

    private let lock = NSLock()
    /// By reference path; nil when it cannot be loaded (not retried).
    private var cache: [String: Entry?] = [:]

    /// The largest glare patch's share of the document (over non-white design, or over the print
    /// of a mostly white one), or nil when there is no reference to compare with.
    /// - Parameter corners: the document's outline in `frame`, in the document's own order.
    func measure(_ frame: Image, corners: Quad, reference url: URL) throws -> Double? {
        guard frame.channels == 3, let entry = try reference(url) else { return nil }
        let flat = try frame.warped(corners, width: entry.image.width, height: entry.image.height)
        if entry.whiteShare > Self.maximumWhiteShare {
            return try Double(printLoss(flat, entry.image).largest_patch)
        }
        return try Double(compare(flat, entry.image).largest_patch)
    }

    private func printLoss(_ flat: Image, _ reference: Image) throws -> dv_reference_glare {
        var out = dv_reference_glare()
        try DocVision.check {
            dv_measure_print_washout(flat.native.handle, reference.native.handle, glareValue, glareSaturation, printValue,
                                     lostValue, printWindow, printTolerance, edgeBand, &out, $0)
        }
        return out
    }

    /// - Parameter relative: judge glare against the photo's own paper white (`paperMargin`);
    ///   off for the reference compared with itself (its white share).
    private func compare(_ flat: Image, _ reference: Image, relative: Bool = true) throws -> dv_reference_glare {
        var out = dv_reference_glare()
        try DocVision.check {
            dv_measure_reference_glare_relative(flat.native.handle, reference.native.handle, glareValue, relative ? paperMargin : 0,
                                                minimumPaperShare, minimumPaperValue, relative ? clippedSaturation : glareSaturation, whiteValue,
                                                whiteSaturation, relative ? whiteWindow : 1, tolerance, opening, edgeBand, &out, $0)
        }
        return out
    }

    private func reference(_ url: URL) throws -> Entry? {
        lock.lock()
        if let known = cache[url.path] {
            lock.unlock()
            return known
        }
        lock.unlock()
        // Loaded outside the lock (tens of milliseconds, once per template); a race loads twice.
        var entry: Entry?
        if let full = try? Image(contentsOfFile: url.path), full.channels == 3 {
            let small = try full.resized(width: width, height: max(16, width * full.height / max(1, full.width)))
            // The white share of the reference alone: compared with itself, nothing is glare.
            let white = try compare(small, small, relative: false).reference_white
            entry = Entry(image: small, whiteShare: Double(white))
        }
        lock.lock()
        cache[url.path] = entry
        lock.unlock()
        return entry
    }
}
