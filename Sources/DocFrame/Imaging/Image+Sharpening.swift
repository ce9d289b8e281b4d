internal import CDocVision

extension Image {
    /// Unsharp mask (1.8 x the image - 0.8 x its 5x5 box blur), in gray: restores the stroke
    /// edges an enlargement softens, which Tesseract needs to separate letters. Near the border
    /// the blur averages the part of the window inside the image.
    func sharpened() throws -> Image {
        try Image(native: DocVision.makeImage { dv_image_sharpen(native.handle, $0, $1) })
    }
}
