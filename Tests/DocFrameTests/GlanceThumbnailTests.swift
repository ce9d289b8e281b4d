import Foundation
import Testing
@testable import DocFrame

/// An unread glance that only its colour thumbnail vouches for, without the layout's clear lead
/// over every other design, needs a layout clearly past the glance's floor
/// (`DocumentClassifier.thumbnailLayout`).
@Suite("Glances vouched for by the thumbnail alone")
struct GlanceThumbnailTests {
    @Test("a receipt's barcode end, completed to a card's shape, is no Quebec licence back")
    func receiptBarcodeEnd() throws {
        // Named the Quebec licence's back at 0.75, turned, by the start of session 25 (a fresh
        // negative, not the eval's): layout 0.569, lead 0.10, thumbnail 0.63, header unread.
        let capture = try RecognitionFixtures.capture("receipt-barcode-end.jpg", in: "negatives")
        #expect(capture.negative)
        let observation = try RecognitionFixtures.observe(capture)
        #expect(observation.document == nil, "named \(observation.document?.templateId ?? "-") at \(observation.document?.confidence ?? 0)")
    }
}
