internal import CDocVision

/// Region comparison through a homography (the look-alike cue).
enum NativeRegion {
    static func compare(query: Image, homography: Homography, reference: Image, rect: [Int32], similarity: inout Float) throws {
        let h = homography.floats
        try h.withUnsafeBufferPointer { hp in
            try rect.withUnsafeBufferPointer { rp in
                try DocVision.check { dv_compare_region(query.native.handle, hp.baseAddress, reference.native.handle, rp.baseAddress, &similarity, $0) }
            }
        }
    }

    /// The same comparison in grey levels, both sides smoothed by a Gaussian of `sigma` template
    /// pixels (`dv_compare_region_smoothed`): for a blurred photo. `contrast`: the smoothed
    /// reference's standard deviation in grey levels.
    static func compareSmoothed(query: Image, homography: Homography, reference: Image, rect: [Int32], sigma: Float,
                                similarity: inout Float, contrast: inout Float) throws {
        let h = homography.floats
        try h.withUnsafeBufferPointer { hp in
            try rect.withUnsafeBufferPointer { rp in
                try DocVision.check {
                    dv_compare_region_smoothed(query.native.handle, hp.baseAddress, reference.native.handle, rp.baseAddress, sigma, &similarity, &contrast, $0)
                }
            }
        }
    }

    /// `compare` for two references of one region (a twins' tile): the same two similarities,
    /// the query's region cut once (`dv_compare_region_pair`).
    static func comparePair(query: Image, homography: Homography, first: Image, second: Image, rect: [Int32]) throws -> (Float, Float) {
        let h = homography.floats
        var similarities: [Float] = [-1, -1]
        try h.withUnsafeBufferPointer { hp in
            try rect.withUnsafeBufferPointer { rp in
                try similarities.withUnsafeMutableBufferPointer { sp in
                    try DocVision.check {
                        dv_compare_region_pair(query.native.handle, hp.baseAddress, first.native.handle, second.native.handle,
                                               rp.baseAddress, sp.baseAddress, $0)
                    }
                }
            }
        }
        return (similarities[0], similarities[1])
    }
}
