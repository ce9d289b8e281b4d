import Foundation
import Testing
@testable import DocFrame

/// A twins' tile is compared with both references in one pass (`NativeRegion.comparePair`, and
/// `NativeRegionPair` with the references smoothed once for every query: the query's pixels cut
/// and smoothed once instead of once per reference and blur). The answers rest on those similarities: they must be exactly the ones the
/// one-reference comparisons give, on real captures of the Ontario twins, sharp and defocused.
@Suite("Twin contrast pairs")
struct TwinContrastPairTests {
    static func queries() throws -> [(name: String, image: Image, homography: Homography, contrast: TwinContrast)] {
        let classifier = RecognitionFixtures.builtIn.classifier
        var out: [(String, Image, Homography, TwinContrast)] = []
        for capture in RecognitionFixtures.captures() where ["ca-on-dl-back", "ca-on-photo-back"].contains(capture.templateId ?? "") {
            let i = try #require(classifier.templates.firstIndex { $0.id == capture.templateId })
            let t = classifier.templates[i]
            let corners = try #require(capture.corners)
            let contrast = try #require(classifier.contrasts.first { $0.first == i || $0.second == i })
            let image = try Image(contentsOfFile: capture.path)
            let homography = Homography.rectangle(width: t.width, height: t.height, to: corners)
            // Defocused as a blurred photo is: the smoothed comparison's case.
            let small = try image.resized(width: image.width / 8, height: image.height / 8, interpolation: .area)
            let blurred = try small.resized(width: image.width, height: image.height, interpolation: .linear)
            out.append((capture.name, image, homography, contrast))
            out.append((capture.name + " defocused", blurred, homography, contrast))
        }
        return out
    }

    @Test("one pass over both twins gives each twin's own similarities, gradients and smoothed")
    func sameAsOneByOne() throws {
        let queries = try Self.queries()
        #expect(queries.count >= 4)
        var smoothedCompared = 0
        for (name, image, homography, contrast) in queries {
            for tile in contrast.tiles {
                var a: Float = -2, b: Float = -2
                try NativeRegion.compare(query: image, homography: homography, reference: tile.first, rect: tile.rect, similarity: &a)
                try NativeRegion.compare(query: image, homography: homography, reference: tile.second, rect: tile.rect, similarity: &b)
                let pair = try NativeRegion.comparePair(query: image, homography: homography, first: tile.first, second: tile.second, rect: tile.rect)
                #expect(pair.0 == a && pair.1 == b, "\(name) tile \(tile.x),\(tile.y)")

                let sigmas = DocumentClassifier.contrastBlurs
                let prepared = try NativeRegionPair(first: tile.first, second: tile.second, rect: tile.rect, sigmas: sigmas)
                let pairs = try prepared.compareSmoothed(query: image, homography: homography, minContrast: TwinContrast.smoothedTexture)
                for (k, sigma) in sigmas.enumerated() {
                    var sa: Float = -2, ca: Float = -2, sb: Float = -2, cb: Float = -2
                    try NativeRegion.compareSmoothed(query: image, homography: homography, reference: tile.first, rect: tile.rect, sigma: sigma,
                                                     similarity: &sa, contrast: &ca)
                    try NativeRegion.compareSmoothed(query: image, homography: homography, reference: tile.second, rect: tile.rect, sigma: sigma,
                                                     similarity: &sb, contrast: &cb)
                    let p = pairs[k]
                    #expect(p.contrast.0 == ca && p.contrast.1 == cb, "\(name) tile \(tile.x),\(tile.y) sigma \(sigma)")
                    if min(ca, cb) >= TwinContrast.smoothedTexture {
                        #expect(p.similarity.0 == sa && p.similarity.1 == sb, "\(name) tile \(tile.x),\(tile.y) sigma \(sigma)")
                        smoothedCompared += 1
                    } else {
                        #expect(p.similarity.0 == -1 && p.similarity.1 == -1)
                    }
                }
            }
        }
        #expect(smoothedCompared > 0)
    }
}
