internal import CDocVision

/// Every template's reference layout, prepared once for comparison (`dv_layout_set`): what a
/// reference contributes that does not depend on the query is computed when the templates load,
/// not at each of the comparisons that every flattened query makes with every template (the part
/// of classification that grows with the catalog). Gives exactly `LayoutSignature.similarity`.
///
/// `@unchecked Sendable`: the shim's set is read-only once made.
final class LayoutReferences: @unchecked Sendable {
    private let handle: OpaquePointer
    let count: Int

    /// `layouts[i]` nil: template i has no layout (its similarities are -1).
    init(_ layouts: [LayoutSignature?]) throws {
        var handle: OpaquePointer?
        count = layouts.count
        // One buffer each for the values and the weights, and a pointer into it per template
        // (null where there is none); the shim copies what it keeps.
        let size = Int(DV_LAYOUT_SIZE)
        let values = layouts.flatMap { $0?.values ?? [] }
        let weights = layouts.flatMap { $0?.weights ?? [] }
        try values.withUnsafeBufferPointer { v in
            try weights.withUnsafeBufferPointer { w in
                var nextValue = 0, nextWeight = 0
                var valuePointers: [UnsafePointer<Float>?] = []
                var weightPointers: [UnsafePointer<Float>?] = []
                for layout in layouts {
                    valuePointers.append(layout.map { _ in v.baseAddress! + nextValue })
                    weightPointers.append(layout?.weights.map { _ in w.baseAddress! + nextWeight })
                    if layout != nil { nextValue += size }
                    if layout?.weights != nil { nextWeight += size }
                }
                try DocVision.check { dv_layout_set_create(valuePointers, weightPointers, Int32(layouts.count), &handle, $0) }
            }
        }
        guard let handle else { throw DocFrameError(.internalError, "the layout set was not created") }
        self.handle = handle
    }

    deinit {
        dv_layout_set_destroy(handle)
    }

    /// `query`'s similarity to every reference, upright and turned, in template order; with
    /// `visibility`, counted only where the photo shows the document (`LayoutVisibility`).
    func similarities(of query: LayoutSignature, visibility: LayoutVisibility? = nil) throws -> [(upright: Double, turned: Double)] {
        var scores = [Float](repeating: 0, count: 2 * max(1, count))
        var written: Int32 = 0
        try query.values.withUnsafeBufferPointer { q in
            try scores.withUnsafeMutableBufferPointer { s in
                guard let visibility else {
                    return try DocVision.check { dv_layout_set_compare(handle, q.baseAddress, s.baseAddress, Int32(s.count), &written, $0) }
                }
                try visibility.values.withUnsafeBufferPointer { v in
                    try DocVision.check { dv_layout_set_compare_visible(handle, q.baseAddress, v.baseAddress, s.baseAddress, Int32(s.count), &written, $0) }
                }
            }
        }
        return (0..<count).map { (Double(scores[2 * $0]), Double(scores[2 * $0 + 1])) }
    }
}
