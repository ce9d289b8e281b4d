import Foundation
import Testing
@testable import DocFrame

/// Twins (the Ontario licence and photo card, same artwork, other title) whose header a blur has
/// made unreadable are told apart by where their designs differ, compared in grey levels smoothed
/// as much as the photo is blurred (`DocumentClassifier.smoothedLead`): a defocused card has no
/// edges left for the gradient comparison, which then leaves the choice to a coin toss.
@Suite("Blurred twins")
struct BlurredTwinTests {
    /// The query is the reference's own frame: the comparisons look where the template says.
    static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    static func index(of id: String) throws -> Int {
        try #require(RecognitionFixtures.builtIn.classifier.templates.firstIndex { $0.id == id })
    }

    /// Template `id`'s reference, blurred as a strongly defocused photo is (shrunk to a sixteenth
    /// of its width and enlarged back: no word of the header legible).
    static func defocused(_ id: String) throws -> (index: Int, image: Image) {
        let classifier = RecognitionFixtures.builtIn.classifier
        let i = try index(of: id)
        let url = try #require(classifier.templates[i].referenceURL)
        let reference = try Image(contentsOfFile: url.path)
        let small = try reference.resized(width: reference.width / 16, height: reference.height / 16, interpolation: .area)
        return (i, try small.resized(width: reference.width, height: reference.height, interpolation: .linear))
    }

    @Test("a defocused Ontario licence back is told from the photo card back by the design where they differ")
    func defocusedLicenceBack() throws {
        let classifier = RecognitionFixtures.builtIn.classifier
        let (i, query) = try Self.defocused("ca-on-dl-back")
        let j = try Self.index(of: "ca-on-photo-back")
        let contrast = try #require(classifier.contrasts.first { Set([$0.first, $0.second]) == Set([i, j]) })
        // The edges are gone: the gradients alone do not decide.
        #expect(abs(try contrast.lead(query: query, homography: Self.identity).lead) < DocumentClassifier.contrastLead)
        #expect(try classifier.twinByContrast([j, i], query: query, homography: Self.identity) == i)
    }

    @Test("a defocused Ontario photo card back is never taken for the licence back by the smoothed comparison")
    func defocusedPhotoCardBack() throws {
        // Its differing design (a shorter conditions text) smooths into less than the licence's:
        // the comparison may leave it undecided, but must not choose the licence.
        let classifier = RecognitionFixtures.builtIn.classifier
        let (i, query) = try Self.defocused("ca-on-photo-back")
        let j = try Self.index(of: "ca-on-dl-back")
        #expect(try classifier.twinByContrast([j, i], query: query, homography: Self.identity) != j)
    }

    @Test("a sharp Ontario back is told from its twin by the differing design", arguments: ["ca-on-dl-back", "ca-on-photo-back"])
    func sharpBack(own: String) throws {
        let classifier = RecognitionFixtures.builtIn.classifier
        let i = try Self.index(of: own)
        let reference = try Image(contentsOfFile: try #require(classifier.templates[i].referenceURL).path)
        let contrast = try #require(classifier.contrasts.first { $0.first == i || $0.second == i })
        #expect(try classifier.twinByContrast([contrast.first, contrast.second], query: reference, homography: Self.identity) == i)
    }
}
