internal import CDocVision

/// The low-resolution layout of a flattened document or a template's reference: local contrast
/// with the lighting divided out, and the colour layout. What a person recognises at a glance,
/// and what survives the blur, darkness and shadows that leave few stable keypoints
/// (DocumentClassifier's second cue).
struct LayoutSignature: Sendable {
    let values: [Float]

    init(of image: Image) throws {
        var values = [Float](repeating: 0, count: Int(DV_LAYOUT_SIZE))
        try values.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check { dv_layout_signature(image.native.handle, buffer.baseAddress, Int32(buffer.count), $0) }
        }
        self.values = values
    }

    /// Similarity to `reference`, -1...1, as it is and turned 180 degrees.
    func similarity(to reference: LayoutSignature) throws -> (upright: Double, turned: Double) {
        var upright: Float = 0
        var turned: Float = 0
        try values.withUnsafeBufferPointer { q in
            try reference.values.withUnsafeBufferPointer { r in
                try DocVision.check { dv_layout_compare(q.baseAddress, r.baseAddress, &upright, &turned, $0) }
            }
        }
        return (Double(upright), Double(turned))
    }
}
