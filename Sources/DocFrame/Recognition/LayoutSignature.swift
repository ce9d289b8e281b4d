internal import CDocVision

/// The low-resolution layout of a flattened document or a template's reference: local contrast
/// with the lighting divided out, and the colour layout. What a person recognises at a glance,
/// and what survives the blur, darkness and shadows that leave few stable keypoints
/// (DocumentClassifier's second cue).
struct LayoutSignature: Sendable {
    let values: [Float]
    /// A reference's weight per value (0...1), from its template's stability mask: personal data
    /// (a barcode, the photo, the name) differs on every card, so there the query's layout says
    /// nothing about the design. A back whose barcode covers a third of the card was compared
    /// mostly by its barcode's stripes against the reference's blank; nil weighs every value alike.
    let weights: [Float]?

    init(of image: Image) throws {
        var values = [Float](repeating: 0, count: Int(DV_LAYOUT_SIZE))
        try values.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check { dv_layout_signature(image.native.handle, buffer.baseAddress, Int32(buffer.count), $0) }
        }
        self.values = values
        weights = nil
    }

    /// A template's reference layout, weighted by where its training samples agreed.
    init(of reference: Image, stability features: NativeFeatures) throws {
        let plain = try LayoutSignature(of: reference)
        values = plain.values
        weights = try Self.weights(of: features)
    }

    private static func weights(of features: NativeFeatures) throws -> [Float]? {
        var width: Int32 = 0
        var height: Int32 = 0
        try DocVision.check { dv_features_stability(features.handle, nil, 0, &width, &height, $0) }
        guard width > 0, height > 0 else { return nil }
        var mask = [Float](repeating: 0, count: Int(width * height))
        try mask.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check { dv_features_stability(features.handle, buffer.baseAddress, Int32(buffer.count), &width, &height, $0) }
        }
        var weights = [Float](repeating: 0, count: Int(DV_LAYOUT_SIZE))
        try mask.withUnsafeBufferPointer { m in
            try weights.withUnsafeMutableBufferPointer { w in
                try DocVision.check { dv_layout_weights(m.baseAddress, width, height, w.baseAddress, Int32(w.count), $0) }
            }
        }
        return weights
    }

    /// Similarity to `reference`, -1...1, as it is and turned 180 degrees, counted where the
    /// reference's weights say its design is. `plainly`: by the shim's plain reference computation
    /// (for tests: it must give exactly the same).
    func similarity(to reference: LayoutSignature, plainly: Bool = false) throws -> (upright: Double, turned: Double) {
        var upright: Float = 0
        var turned: Float = 0
        try values.withUnsafeBufferPointer { q in
            try reference.values.withUnsafeBufferPointer { r in
                if let weights = reference.weights {
                    try weights.withUnsafeBufferPointer { w in
                        try DocVision.check { dv_layout_compare_as(q.baseAddress, r.baseAddress, w.baseAddress, plainly ? 1 : 0, &upright, &turned, $0) }
                    }
                } else {
                    try DocVision.check { dv_layout_compare_as(q.baseAddress, r.baseAddress, nil, plainly ? 1 : 0, &upright, &turned, $0) }
                }
            }
        }
        return (Double(upright), Double(turned))
    }
}
