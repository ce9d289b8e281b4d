internal import CDocVision

/// A template's reference prepared for photometric alignment (align.cpp): refines a
/// template -> image homography by aligning the image with the reference's stable design.
///
/// `@unchecked Sendable`: the shim never mutates the handle after returning it.
final class ReferenceAlignment: @unchecked Sendable {
    private let handle: OpaquePointer

    /// `stability`: the template's training features, whose stability mask says where its
    /// design is (personal data differs on every card and is left out).
    /// `personal`: rectangles of the canonical image that hold personal data whatever the
    /// stability says (a machine-readable zone's filler characters recur on every sample but sit
    /// elsewhere on every card: a periodic pattern the alignment would lock onto a character off).
    init(reference: Image, stability features: NativeFeatures, personal: [DocumentTemplate.Region] = []) throws {
        var width: Int32 = 0
        var height: Int32 = 0
        try DocVision.check { dv_features_stability(features.handle, nil, 0, &width, &height, $0) }
        var mask = [Float](repeating: 0, count: Int(max(1, width * height)))
        if width > 0, height > 0 {
            try mask.withUnsafeMutableBufferPointer { buffer in
                try DocVision.check { dv_features_stability(features.handle, buffer.baseAddress, Int32(buffer.count), &width, &height, $0) }
            }
            let (w, h) = (Int(width), Int(height))
            let (sx, sy) = (Double(w) / Double(reference.width), Double(h) / Double(reference.height))
            for r in personal {
                let x0 = max(0, Int((Double(r.x) * sx).rounded(.down))), x1 = min(w, Int((Double(r.x + r.width) * sx).rounded(.up)))
                let y0 = max(0, Int((Double(r.y) * sy).rounded(.down))), y1 = min(h, Int((Double(r.y + r.height) * sy).rounded(.up)))
                for y in y0..<max(y0, y1) { for x in x0..<max(x0, x1) { mask[y * w + x] = 0 } }
            }
        }
        var out: OpaquePointer?
        try mask.withUnsafeBufferPointer { m in
            try DocVision.check {
                dv_alignment_create(reference.native.handle, width > 0 ? m.baseAddress : nil, width, height, &out, $0)
            }
        }
        guard let out else { throw DocFrameError(.internalError, "dv_alignment_create returned no handle") }
        handle = out
    }

    deinit {
        dv_alignment_destroy(handle)
    }

    /// The refined homography with the correlation of the design through it and through
    /// `homography`, or nil when too little of the document is in view or the fit broke down.
    func refine(_ homography: Homography, in image: Image) throws -> (homography: Homography, correlation: Double, before: Double)? {
        var m = homography.m
        var correlation: Float = -1
        var before: Float = -1
        try m.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check { dv_alignment_refine(handle, image.native.handle, buffer.baseAddress, &correlation, &before, $0) }
        }
        guard correlation > -1, m.allSatisfy(\.isFinite) else { return nil }
        return (Homography(m), Double(correlation), Double(before))
    }
}
