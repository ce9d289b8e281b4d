internal import CDocVision

/// Owns one `dv_region_pair` handle: the two references of a twins' tile, smoothed once at each
/// blur of the smoothed comparison (`NativeRegion.compareSmoothed`), so that a query compared
/// with them smooths only its own pixels.
///
/// `@unchecked Sendable`: the shim never mutates a pair after returning the handle.
final class NativeRegionPair: @unchecked Sendable {
    private let handle: OpaquePointer
    let sigmas: [Float]

    init(first: Image, second: Image, rect: [Int32], sigmas: [Float]) throws {
        var handle: OpaquePointer?
        var error = dv_error()
        let status = rect.withUnsafeBufferPointer { rp in
            sigmas.withUnsafeBufferPointer { gp in
                dv_region_pair_create(first.native.handle, second.native.handle, rp.baseAddress, gp.baseAddress, Int32(sigmas.count),
                                      &handle, &error)
            }
        }
        guard status == DV_OK, let handle else { throw DocVision.error(status, error) }
        self.handle = handle
        self.sigmas = sigmas
    }

    deinit {
        dv_region_pair_destroy(handle)
    }

    /// Per blur (in `sigmas` order): the query's similarity with each reference and each
    /// reference's contrast, as `NativeRegion.compareSmoothed` gives them; where either contrast
    /// is below `minContrast` the query is not compared and both similarities are -1.
    func compareSmoothed(query: Image, homography: Homography, minContrast: Float) throws
        -> [(similarity: (Float, Float), contrast: (Float, Float))] {
        let h = homography.floats
        var similarities = [Float](repeating: -1, count: 2 * sigmas.count)
        var contrasts = [Float](repeating: 0, count: 2 * sigmas.count)
        try h.withUnsafeBufferPointer { hp in
            try similarities.withUnsafeMutableBufferPointer { sp in
                try contrasts.withUnsafeMutableBufferPointer { cp in
                    try DocVision.check {
                        dv_region_pair_compare_smoothed(handle, query.native.handle, hp.baseAddress, minContrast, sp.baseAddress, cp.baseAddress, $0)
                    }
                }
            }
        }
        return sigmas.indices.map { ((similarities[2 * $0], similarities[2 * $0 + 1]), (contrasts[2 * $0], contrasts[2 * $0 + 1])) }
    }
}
