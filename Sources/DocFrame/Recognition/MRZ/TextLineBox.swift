internal import CDocVision
import Foundation

/// A line of text found in an image: a rotated rectangle (centre, length along the text,
/// height across it, angle in degrees clockwise), in the image's pixels.
struct TextLineBox: Sendable, Hashable {
    var centerX: Double
    var centerY: Double
    var width: Double
    var height: Double
    var angle: Double

    var left: Double { centerX - width / 2 }
    var right: Double { centerX + width / 2 }

    /// Finds lines of dark text on a copy `workWidth` wide (`scaledCopy`), expecting characters
    /// about `charHeight` pixels high in that copy. Sorted top to bottom, in `image`'s pixels.
    static func find(in image: Image, workWidth: Int, charHeight: Int) throws -> [TextLineBox] {
        let copy = try scaledCopy(of: image, workWidth: workWidth)
        return try find(inScaled: copy.work, scale: copy.scale, charHeight: charHeight)
    }

    /// `find(in:workWidth:charHeight:)` on `work`, a copy `scaledCopy` made of an image, whose
    /// width over `work`'s is `scale` (dv_text_lines_find_scaled): the boxes are in that image's
    /// pixels. A search looking at one copy for characters of several sizes scales it once.
    static func find(inScaled work: Image, scale: Double, charHeight: Int) throws -> [TextLineBox] {
        var boxes = [dv_rotated_box](repeating: dv_rotated_box(), count: 256)
        var count: Int32 = 0
        try boxes.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check {
                dv_text_lines_find_scaled(work.native.handle, scale, Int32(charHeight), buffer.baseAddress, Int32(buffer.count), &count, $0)
            }
        }
        return boxes.prefix(min(Int(count), boxes.count)).map {
            TextLineBox(centerX: Double($0.cx), centerY: Double($0.cy), width: Double($0.width),
                        height: Double($0.height), angle: Double($0.angle))
        }
    }

    /// The copy of `image` that line finding looks at, with its scale (the image's width over
    /// the copy's): scaled down to `workWidth` (area interpolation, the height rounded), never up.
    static func scaledCopy(of image: Image, workWidth: Int) throws -> (work: Image, scale: Double) {
        guard image.width > workWidth else { return (image, 1) }
        let scale = Double(image.width) / Double(workWidth)
        let height = max(1, Int((Double(image.height) / scale).rounded()))
        return (try image.resized(width: workWidth, height: height, interpolation: .area), scale)
    }

    enum Binarization: CaseIterable {
        case none, otsu, adaptive, local, smooth

        var native: dv_binarization {
            switch self {
            case .none: DV_BINARIZE_NONE
            case .otsu: DV_BINARIZE_OTSU
            case .adaptive: DV_BINARIZE_ADAPTIVE
            case .local: DV_BINARIZE_LOCAL
            case .smooth: DV_BINARIZE_SMOOTH
            }
        }
    }

    /// Where the line's ink lies across the box (dv_text_line_band): the centre of its band
    /// of inky rows, from the box's centre (positive towards the box's lower side), and the
    /// band's height; nil when no band is found.
    func inkBand(in image: Image) throws -> (offset: Double, height: Double)? {
        let box = dv_rotated_box(cx: Float(centerX), cy: Float(centerY), width: Float(width), height: Float(self.height),
                                 angle: Float(angle))
        var offset: Float = 0, band: Float = 0
        try DocVision.check { dv_text_line_band(image.native.handle, box, &offset, &band, $0) }
        return band > 0 ? (Double(offset), Double(band)) : nil
    }

    /// The box moved and resized across the line onto its band of ink (`inkBand`), when its
    /// centre lies off the band's by more than `fitTolerance` of the band's height, or when
    /// the box is far taller than the band (`tallBox`); otherwise the box as is.
    ///
    /// Why: on dark, grainy photos the finder's morphology takes noise into a line's band, and
    /// the box comes out half as tall again as the characters and sitting low on them. The cut
    /// (scaled so the box is the model's line height) then holds the characters at 60% of the
    /// size the model was trained at, against its top edge, with the next line's tops along
    /// its bottom: the legacy engine read such a names line as noise in every binarisation
    /// while line 2 read right, and the zone came out valid with a names line of noise.
    /// Only boxes off-centre on their ink are fitted: fitting every box taller than its ink
    /// as well took bench-mrz's exact reads (100 captures each, seeds 7000 and 7100) from 64
    /// and 61 to 65 and 65, but rescaled the cuts of most zones, lost a blurred, occluded
    /// passport of the evaluation set and left as many readings valid with a wrong name as
    /// it fixed. Fitted off-centre only, the two noise-read names lines of those sets read
    /// exactly (64 and 61 to 65 and 61: a glared name elsewhere changed from right to wrong),
    /// readings valid with a wrong name 6 to 5, none with a checked character wrong.
    func fittedToInk(in image: Image) -> TextLineBox {
        guard let band = try? inkBand(in: image), band.height > 0.4 * height, band.height < 1.2 * height else { return self }
        guard abs(band.offset) > Self.fitTolerance * band.height || band.height < Self.tallBox * height else { return self }
        let a = angle * Double.pi / 180
        var box = self
        box.centerX -= sin(a) * band.offset
        box.centerY += cos(a) * band.offset
        box.height = band.height
        return box
    }

    /// A box whose centre is within this much of its ink band's height of the band's is left
    /// as found (the noise-read names lines sat 0.24 of it low).
    static let fitTolerance = 0.15

    /// A box whose ink band is under this fraction of its height is fitted to the band even
    /// when centred on it. On dark, grainy photos the finder's box takes in the noise above and
    /// below the characters alike: a names line boxed 46 px high around 28 px of ink reached
    /// the model at 60% of its size and read as noise in every binarisation, and that zone's
    /// line 2, boxed 52 px around 26, misread 6 as 3 and 5; fitted, both read right at the
    /// first cut. Sharp zones' boxes hold 0.9-1.0 of their band (blurred and compressed ones
    /// 0.6-0.85). Generated captures (clean, tilt, dark, glare, JPEG; 200 of seed 8300, 100 of
    /// bench-mrz's seed 7000) read exactly 174 -> 177 and 65 -> 66, none with a checked
    /// character wrong while valid; 0.75 and 0.8 gained less on seed 8300 (175, 175).
    static let tallBox = 0.85

    /// The line cut out upright, padded, scaled to `height` pixels for the box, binarised.
    func cut(from image: Image, padX: Double, padY: Double, height: Int, binarization: Binarization) throws -> Image {
        let box = dv_rotated_box(cx: Float(centerX), cy: Float(centerY), width: Float(width), height: Float(self.height),
                                 angle: Float(angle))
        let native = try DocVision.makeImage { out, error in
            dv_text_line_cut(image.native.handle, box, Float(padX), Float(padY), Int32(height), binarization.native, out, error)
        }
        return Image(native: native)
    }

    /// `cut(from:padX:padY:height:binarization:)`'s first step: the line cut out upright, padded
    /// and scaled, not binarised (`binarized(_:height:binarization:)` finishes it, pixel for pixel
    /// the same cut).
    func upright(from image: Image, padX: Double, padY: Double, height: Int) throws -> Image {
        let box = dv_rotated_box(cx: Float(centerX), cy: Float(centerY), width: Float(width), height: Float(self.height),
                                 angle: Float(angle))
        let native = try DocVision.makeImage { out, error in
            dv_text_line_upright(image.native.handle, box, Float(padX), Float(padY), Int32(height), out, error)
        }
        return Image(native: native)
    }

    /// An upright cut (`upright(from:padX:padY:height:)`, made for `height`) binarised as
    /// `cut(from:padX:padY:height:binarization:)` binarises it; `cut` itself is left as it is.
    static func binarized(_ cut: Image, height: Int, binarization: Binarization) throws -> Image {
        let native = try DocVision.makeImage { out, error in
            dv_text_line_binarize(cut.native.handle, Int32(height), binarization.native, out, error)
        }
        return Image(native: native)
    }
}
