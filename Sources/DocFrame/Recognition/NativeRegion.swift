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
}
