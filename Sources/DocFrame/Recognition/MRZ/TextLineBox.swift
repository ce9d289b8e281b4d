internal import CDocVision

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

    /// Finds lines of dark text (dv_text_lines_find) on a copy `workWidth` wide, expecting
    /// characters about `charHeight` pixels high in that copy. Sorted top to bottom.
    static func find(in image: Image, workWidth: Int, charHeight: Int) throws -> [TextLineBox] {
        var boxes = [dv_rotated_box](repeating: dv_rotated_box(), count: 256)
        var count: Int32 = 0
        try boxes.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check {
                dv_text_lines_find(image.native.handle, Int32(workWidth), Int32(charHeight), buffer.baseAddress,
                                   Int32(buffer.count), &count, $0)
            }
        }
        return boxes.prefix(min(Int(count), boxes.count)).map {
            TextLineBox(centerX: Double($0.cx), centerY: Double($0.cy), width: Double($0.width),
                        height: Double($0.height), angle: Double($0.angle))
        }
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

    /// The line cut out upright, padded, scaled to `height` pixels for the box, binarised.
    func cut(from image: Image, padX: Double, padY: Double, height: Int, binarization: Binarization) throws -> Image {
        let box = dv_rotated_box(cx: Float(centerX), cy: Float(centerY), width: Float(width), height: Float(self.height),
                                 angle: Float(angle))
        let native = try DocVision.makeImage { out, error in
            dv_text_line_cut(image.native.handle, box, Float(padX), Float(padY), Int32(height), binarization.native, out, error)
        }
        return Image(native: native)
    }
}
