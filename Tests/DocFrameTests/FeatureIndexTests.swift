import Foundation
import Testing
@testable import DocFrame

/// The shared index's fast voting must give exactly the votes of the plain reference voting
/// (every distinct candidate row per query descriptor, best and runner-up per template).
@Suite("Feature index voting")
struct FeatureIndexTests {
    static func templateFeatures() throws -> [NativeFeatures] {
        try RecognitionFixtures.builtIn.catalog.templates.map { t in
            try NativeFeatures.load(from: try #require(t.featuresURL))
        }
    }

    static func queries(limit: Int) throws -> [NativeFeatures] {
        let photos = RecognitionFixtures.captures().prefix(limit)
        return try photos.map { capture in
            try NativeFeatures.detect(in: try Image(contentsOfFile: capture.path), maxFeatures: DocumentClassifier.frameFeatures, workSize: 960)
        }
    }

    @Test("votes and matched pairs identical to the plain reference on the built-in templates")
    func sameVotesAsReference() throws {
        let index = try FeatureIndex(features: try Self.templateFeatures())
        var total = 0
        for (k, query) in try Self.queries(limit: 6).enumerated() {
            let fast = try index.votes(query)
            let plain = try index.votes(query, .plainly)
            #expect(fast.count == index.templateCount)
            #expect(fast.map(\.votes) == plain.map(\.votes), "photo \(k)")
            #expect(fast.map(\.fingerprint) == plain.map(\.fingerprint), "photo \(k)")
            // The buckets (CPUs without the row scan) too, whichever path `fast` took here.
            let buckets = try index.votes(query, .buckets)
            #expect(buckets.map(\.votes) == plain.map(\.votes), "photo \(k)")
            #expect(buckets.map(\.fingerprint) == plain.map(\.fingerprint), "photo \(k)")
            total += fast.map(\.votes).reduce(0, +)
        }
        // The photos show documents: there were votes to compare.
        #expect(total > 100)
    }

    @Test("identical votes when templates share descriptors (each template added three times)")
    func sharedDescriptors() throws {
        let features = try Self.templateFeatures()
        let index = try FeatureIndex(features: features + features + features)
        for (k, query) in try Self.queries(limit: 2).enumerated() {
            let fast = try index.votes(query)
            let plain = try index.votes(query, .plainly)
            #expect(fast.map(\.votes) == plain.map(\.votes), "photo \(k)")
            #expect(fast.map(\.fingerprint) == plain.map(\.fingerprint), "photo \(k)")
            #expect(try index.votes(query, .buckets).map(\.fingerprint) == plain.map(\.fingerprint), "photo \(k)")
            // Copies vote alike: the index treats every template on its own.
            let n = features.count
            #expect(Array(fast[0..<n].map(\.votes)) == Array(fast[n..<2 * n].map(\.votes)))
        }
    }

    /// A design printed twice side by side gives a template rows equal to each other; a query
    /// descriptor equal to both is matched at distance 0 twice, a tie the runner-up does not
    /// reject. The bucket voting takes the row its probes reach first, which for equal rows (equal
    /// keys) is the first row; the row scan must take the same one (its template point is in the
    /// fingerprint).
    @Test("a template whose rows repeat votes as the plain reference: a tie at distance 0 goes to the same row")
    func repeatedRows() throws {
        let capture = try #require(RecognitionFixtures.captures().first { !$0.negative && $0.conditions == ["clean"] })
        // 480 x 304: the halves fall on the same contrast tiles and keypoint cells.
        let (w, h) = (480, 304)
        let pixels = try Image(contentsOfFile: capture.path).bgr().resized(width: w, height: h).packedPixels()
        var twice: [UInt8] = []
        twice.reserveCapacity(pixels.count * 2)
        for y in 0..<h {
            let row = pixels[(y * w * 3)..<((y + 1) * w * 3)]
            twice += row
            twice += row
        }
        let image = try Image(pixels: twice, width: 2 * w, height: h, bytesPerRow: 6 * w, format: .bgr)
        let template = try NativeFeatures.detect(in: image, maxFeatures: 1500, workSize: 2 * w)
        let index = try FeatureIndex(features: [template] + Self.templateFeatures())
        let query = try NativeFeatures.detect(in: image, maxFeatures: DocumentClassifier.frameFeatures, workSize: 2 * w)
        let fast = try index.votes(query)
        let plain = try index.votes(query, .plainly)
        #expect(fast[0].votes > 100)
        #expect(fast.map(\.votes) == plain.map(\.votes))
        #expect(fast.map(\.fingerprint) == plain.map(\.fingerprint))
        #expect(try index.votes(query, .buckets).map(\.fingerprint) == plain.map(\.fingerprint))
    }

    @Test("a large index votes in full for a shortlist: the same votes for it, none for the rest, the right design on it")
    func shortlistedVoting() throws {
        let templates = RecognitionFixtures.builtIn.catalog.templates
        let features = try Self.templateFeatures()
        // 36 templates: above the 24 from which the shim shortlists.
        let index = try FeatureIndex(features: features + features + features)
        let photos = RecognitionFixtures.captures().filter { c in
            !c.negative && templates.contains { $0.id == c.templateId }
        }
        #expect(photos.filter { $0.conditions == ["clean"] }.prefix(6).count >= 4)
        var (clean, found) = (0, 0)
        for capture in photos.prefix(6) + photos.filter({ $0.conditions == ["clean"] }).prefix(6) {
            let query = try NativeFeatures.detect(in: try Image(contentsOfFile: capture.path), maxFeatures: DocumentClassifier.frameFeatures, workSize: 960)
            let full = try index.votes(query)
            let short = try index.votes(query, .shortlisted)
            let listed = short.indices.filter { short[$0].votes > 0 }
            #expect(listed.count <= 12, "\(capture.name)")
            #expect(listed.count < full.filter { $0.votes > 0 }.count, "\(capture.name): nothing was left out")
            for i in listed {
                #expect(short[i].votes == full[i].votes && short[i].fingerprint == full[i].fingerprint, "\(capture.name) template \(i)")
            }
            // A clean photo's own template (or its look-alike on the same artwork) is on the
            // shortlist, though every design fills three of its twelve places here, so only four
            // designs make it. (Sparse backs may miss it: full voting does not rank them first either.)
            guard capture.conditions == ["clean"] else { continue }
            let artwork = { (id: String) in id.replacingOccurrences(of: "-photo-", with: "-dl-") }
            clean += 1
            if listed.contains(where: { artwork(templates[$0 % templates.count].id) == artwork(capture.templateId ?? "?") }) { found += 1 }
        }
        #expect(found >= clean - 1, "\(found) of \(clean) clean photos had their design shortlisted")
        // The built-in catalog votes as before: nothing is shortlisted.
        let small = try FeatureIndex(features: features)
        let query = try Self.queries(limit: 1)[0]
        #expect(try small.votes(query, .shortlisted).map(\.votes) == small.votes(query).map(\.votes))
    }

    /// What the user depends on is that the own template is among those verified
    /// (`DocumentClassifier.verify`), not that it tops the raw vote: with a card back's bar code
    /// left out of the query's keypoints (`dv_barcode.hpp`), the clean Ontario photo card back's
    /// own votes come second to the PR front's chance ones, and it is still verified and named.
    @Test("a photo's own template ranks among those the classifier verifies")
    func votesForTheRightTemplate() throws {
        let templates = RecognitionFixtures.builtIn.catalog.templates
        let index = try FeatureIndex(features: try Self.templateFeatures())
        let photos = RecognitionFixtures.captures().filter { c in
            !c.negative && c.conditions == ["clean"] && templates.contains { $0.id == c.templateId }
        }
        #expect(!photos.isEmpty)
        for capture in photos.prefix(4) {
            let query = try NativeFeatures.detect(in: try Image(contentsOfFile: capture.path), maxFeatures: DocumentClassifier.frameFeatures, workSize: 960)
            let votes = try index.votes(query)
            let ranked = votes.indices.sorted { votes[$0].votes > votes[$1].votes }
            let own = try #require(templates.firstIndex { $0.id == capture.templateId })
            let rank = try #require(ranked.firstIndex(of: own))
            #expect(rank < DocumentClassifier.verify, "\(capture.name): ranked \(rank + 1), after \(ranked.prefix(rank).map { templates[$0].id })")
        }
    }

    /// The second match on a named document's flattening asks for its own template only; it
    /// must get the same votes and homography the full match gives that template.
    @Test("one template matched alone: its votes, inliers and homography as the full match gives them")
    func oneTemplateAlone() throws {
        let templates = RecognitionFixtures.builtIn.catalog.templates
        let index = try FeatureIndex(features: try Self.templateFeatures())
        var verified = 0
        for (k, query) in try Self.queries(limit: 6).enumerated() {
            let full = try index.match(query, verify: index.templateCount, reprojection: 4)
            for m in full {
                let alone = try #require(try index.match(query, template: m.templateIndex, reprojection: 4))
                #expect(alone.votes == m.votes, "photo \(k) \(templates[m.templateIndex].id)")
                // The full match skips RANSAC for a template voted too little to win.
                guard m.inliers > 0 else { continue }
                #expect(alone.inliers == m.inliers && alone.spread == m.spread, "photo \(k) \(templates[m.templateIndex].id)")
                #expect(alone.homography?.m == m.homography?.m, "photo \(k) \(templates[m.templateIndex].id)")
                verified += 1
            }
        }
        #expect(verified >= 6)
        #expect(try index.match(try Self.queries(limit: 1)[0], template: templates.count + 3, reprojection: 4) == nil)
    }
}
