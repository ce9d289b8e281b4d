internal import CDocVision

/// One verified candidate from the shared index.
struct FeatureMatch: Sendable {
    /// The template's position in the catalog.
    var templateIndex: Int
    var votes: Int
    var inliers: Int
    var inlierRatio: Double
    /// Share of the template's area spanned by the inliers.
    var spread: Double
    /// Template canonical pixels -> query pixels (row-major), nil when verification failed.
    var homography: Homography?
}

extension FeatureMatch {
    init(_ m: dv_match) {
        let h = withUnsafeBytes(of: m.homography) { Array($0.bindMemory(to: Float.self)) }.map { Double($0) }
        self.init(templateIndex: Int(m.tag), votes: Int(m.votes), inliers: Int(m.inliers), inlierRatio: Double(m.inlier_ratio),
                  spread: Double(m.spread), homography: m.inliers > 0 ? Homography(h) : nil)
    }
}

/// The one shared index over every template's stable descriptors (multi-probe LSH in the shim):
/// a query votes once for all templates, and only the best few are verified by RANSAC, so
/// classification cost grows far slower than the number of templates.
///
/// Immutable after `init`; `@unchecked Sendable` because the shim's index is read-only once built.
final class FeatureIndex: @unchecked Sendable {
    private let handle: OpaquePointer
    let templateCount: Int

    init(features: [NativeFeatures]) throws {
        var handle: OpaquePointer?
        try DocVision.check { dv_index_create(&handle, $0) }
        guard let handle else { throw DocFrameError(.internalError, "the index was not created") }
        self.handle = handle
        templateCount = features.count
        for (i, f) in features.enumerated() {
            try DocVision.check { dv_index_add(handle, f.handle, Int32(i), $0) }
        }
        try DocVision.check { dv_index_build(handle, $0) }
    }

    deinit {
        dv_index_destroy(handle)
    }

    var descriptorCount: Int { Int(dv_index_descriptor_count(handle)) }

    /// Votes with `query`'s descriptors and verifies the `verify` best-voted templates.
    func match(_ query: NativeFeatures, verify: Int, reprojection: Double) throws -> [FeatureMatch] {
        var results = [dv_match](repeating: dv_match(), count: max(1, verify))
        var count: Int32 = 0
        try results.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check {
                dv_index_match(handle, query.handle, Int32(verify), Float(reprojection), buffer.baseAddress, Int32(buffer.count), &count, $0)
            }
        }
        return results.prefix(Int(count)).map(FeatureMatch.init)
    }

    /// `query` matched against template `templateIndex` alone, as `match` would vote for and
    /// verify it; nil when the catalog has no such template or the query no features.
    func match(_ query: NativeFeatures, template templateIndex: Int, reprojection: Double) throws -> FeatureMatch? {
        var result = dv_match()
        var found: Int32 = 0
        try DocVision.check {
            dv_index_match_tag(handle, query.handle, Int32(templateIndex), Float(reprojection), &result, &found, $0)
        }
        return found != 0 ? FeatureMatch(result) : nil
    }

    /// How `votes` counts (for tests).
    enum VotingMode: Int32 {
        /// Every template's votes, as the fast voting computes them.
        case fast = 0
        /// The same by the shim's plain reference implementation.
        case plainly = 1
        /// What `match` verifies from: on a large index, full voting for a screened shortlist only.
        case shortlisted = 2
        /// `fast` through the LSH buckets, never the row scan (the path of CPUs without AVX-512).
        case buckets = 3
    }

    /// The votes of `query` per template in catalog order, with an order-sensitive fingerprint of
    /// each template's (template point, query point) pairs, counted as `mode` says.
    func votes(_ query: NativeFeatures, _ mode: VotingMode = .fast) throws -> [(votes: Int, fingerprint: Double)] {
        let n = max(1, templateCount)
        var votes = [Int32](repeating: 0, count: n)
        var fingerprints = [Double](repeating: 0, count: n)
        var count: Int32 = 0
        try DocVision.check { error in
            votes.withUnsafeMutableBufferPointer { v in
                fingerprints.withUnsafeMutableBufferPointer { f in
                    dv_index_votes(handle, query.handle, mode.rawValue, v.baseAddress, f.baseAddress, Int32(n), &count, error)
                }
            }
        }
        return (0..<Int(count)).map { (Int(votes[$0]), fingerprints[$0]) }
    }

    /// Colour-layout similarity of a flattened document to every template, upright and turned
    /// 180 degrees: `[(upright, turned)]` in catalog order.
    func appearance(of flattened: Image) throws -> [(upright: Double, turned: Double)] {
        var scores = [Float](repeating: 0, count: 2 * max(1, templateCount))
        var count: Int32 = 0
        try scores.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check { dv_index_appearance(handle, flattened.native.handle, buffer.baseAddress, Int32(buffer.count), &count, $0) }
        }
        return (0..<templateCount).map { (Double(scores[2 * $0]), Double(scores[2 * $0 + 1])) }
    }
}
