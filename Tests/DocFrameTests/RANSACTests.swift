import Foundation
import Testing
@testable import DocFrame
import Specimens

/// The shim's RANSAC homography must be OpenCV's: verification thresholds and corner accuracy
/// were tuned on cv::findHomography, and the re-implementation only exists to be faster.
@Suite("RANSAC homography")
struct RANSACTests {
    /// Template points -> query points like a document's votes: a perspective view of a 1012x638
    /// card with `inlierShare` of the pairs on it (with up to `noise` pixels of error) and the rest anywhere.
    static func votes(_ rng: inout SeededRandom, count: Int, inlierShare: Double, noise: Double = 2) -> ([Point], [Point]) {
        let quad = Quad(topLeft: Point(x: rng.double(50, 300), y: rng.double(50, 250)),
                        topRight: Point(x: rng.double(800, 1200), y: rng.double(30, 250)),
                        bottomRight: Point(x: rng.double(850, 1250), y: rng.double(500, 700)),
                        bottomLeft: Point(x: rng.double(30, 300), y: rng.double(450, 700)))
        let h = Homography.rectangle(width: 1012, height: 638, to: quad)
        var src: [Point] = [], dst: [Point] = []
        for _ in 0..<count {
            let p = Point(x: rng.double(0, 1012), y: rng.double(0, 638))
            src.append(p)
            if rng.chance(inlierShare) {
                let q = h.apply(p)
                dst.append(Point(x: q.x + rng.double(-noise, noise), y: q.y + rng.double(-noise, noise)))
            } else {
                dst.append(Point(x: rng.double(0, 1280), y: rng.double(0, 720)))
            }
        }
        return (src, dst)
    }

    @Test("same inlier masks and homographies as cv::findHomography on 300 random vote sets")
    func identicalToOpenCV() throws {
        var rng = SeededRandom(seed: 20261203)
        var fitted = 0, empty = 0
        for set in 0..<300 {
            // Real fits (many inliers), weak ones, and a wrong template's chance votes.
            let share = [0.9, 0.6, 0.35, 0.15, 0.0][set % 5]
            let count = rng.int(8...260)
            let (src, dst) = Self.votes(&rng, count: count, inlierShare: share)
            let reprojection = [4.0, 5.0, 3.0][set % 3]
            let reference = try Homography.fit(from: src, to: dst, reprojection: reprojection, using: .opencv)
            let ours = try Homography.fit(from: src, to: dst, reprojection: reprojection, using: .shim)
            #expect((reference == nil) == (ours == nil), "set \(set): found by one only")
            guard let reference, let ours else {
                empty += 1
                continue
            }
            fitted += 1
            #expect(ours.inliers == reference.inliers, "set \(set) (\(count) pairs, share \(share)): masks differ")
            let scale = reference.homography.m.map(abs).max() ?? 1
            let worst = zip(ours.homography.m, reference.homography.m).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= 1e-9 * scale, "set \(set): homographies differ by \(worst)")
        }
        // Both kinds of outcome were exercised.
        #expect(fitted >= 200)
        #expect(empty + fitted == 300)
    }

    @Test("a clean perspective view is recovered with every pair an inlier")
    func recoversTheTransform() throws {
        var rng = SeededRandom(seed: 7)
        let (src, dst) = Self.votes(&rng, count: 60, inlierShare: 1, noise: 0.5)
        let fit = try #require(try Homography.fit(from: src, to: dst, reprojection: 4))
        #expect(fit.inliers.allSatisfy { $0 })
        for (p, q) in zip(src, dst) {
            let r = fit.homography.apply(p)
            #expect(abs(r.x - q.x) < 1.5 && abs(r.y - q.y) < 1.5)
        }
    }

    @Test("pairs that disagree in length are refused")
    func mismatchedPairs() {
        #expect(throws: DocFrameError.self) {
            _ = try Homography.fit(from: [Point(x: 0, y: 0)], to: [], reprojection: 4)
        }
    }
}
