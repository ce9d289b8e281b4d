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

    private init(values: [Float], weights: [Float]?) {
        self.values = values
        self.weights = weights
    }

    /// Cells of the grey and the chroma grid (`values`' first and second part: grey, then the two
    /// chroma planes).
    static let greyGrid = (width: 64, height: 40)
    static let chromaGrid = (width: 32, height: 20)

    /// Which cells of a flattened document's layout lie in view, 1 or 0 per value in `values`'
    /// order, when `toImage` maps its `width` x `height` pixels into an image of `imageWidth` x
    /// `imageHeight`; nil when every cell does.
    static func visibility(width: Int, height: Int, toImage: Homography, imageWidth: Int, imageHeight: Int) -> [Float]? {
        var mask: [Float] = []
        mask.reserveCapacity(Int(DV_LAYOUT_SIZE))
        var hidden = 0
        for (grid, planes) in [(greyGrid, 1), (chromaGrid, 2)] {
            var plane: [Float] = []
            for y in 0..<grid.height {
                for x in 0..<grid.width {
                    let p = toImage.apply(Point(x: (Double(x) + 0.5) * Double(width) / Double(grid.width),
                                                y: (Double(y) + 0.5) * Double(height) / Double(grid.height)))
                    let inside = p.x >= 0 && p.y >= 0 && p.x < Double(imageWidth) && p.y < Double(imageHeight)
                    plane.append(inside ? 1 : 0)
                    if !inside { hidden += 1 }
                }
            }
            for _ in 0..<planes { mask += plane }
        }
        return hidden == 0 ? nil : mask
    }

    /// `visibility` turned 180 degrees (each grid reversed): the cells of a query compared turned.
    static func turned(_ visibility: [Float]) -> [Float] {
        let grey = greyGrid.width * greyGrid.height, plane = chromaGrid.width * chromaGrid.height
        guard visibility.count == grey + 2 * plane else { return visibility }
        return Array(visibility[0..<grey].reversed()) + Array(visibility[grey..<(grey + plane)].reversed())
            + Array(visibility[(grey + plane)...].reversed())
    }

    /// This reference counted only where `visibility` (from `visibility(width:height:...)`) is 1:
    /// a cut-off document's missing part, filled black by the flattening, says nothing about it.
    func restricted(to visibility: [Float]) -> LayoutSignature {
        let base = weights ?? [Float](repeating: 1, count: values.count)
        return LayoutSignature(values: values, weights: zip(base, visibility).map { $0 * $1 })
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
