import Foundation
import Testing
@testable import DocFrame

/// `docframe mrz` and `classify` run each image on one thread (`ImagingThreads.limit(to: 1)`),
/// so that a job is one thread as bench-mrz reports it. The setting must take, and must not
/// change a pixel: every answer was measured with OpenCV's own thread pool.
@Suite(.serialized) struct ImagingThreadsTests {
    static let photo = "../PassportEdges/passport-orv-front-2004-3.jpg"

    @Test func limitingToOneThreadTakes() {
        defer { ImagingThreads.limit(to: nil) }
        ImagingThreads.limit(to: 1)
        #expect(ImagingThreads.current == 1)
        ImagingThreads.limit(to: 2)
        #expect(ImagingThreads.current == 2)
    }

    @Test func aPageWarpedOnOneThreadIsWarpedAlike() throws {
        defer { ImagingThreads.limit(to: nil) }
        let image = try Image(contentsOfFile: RecognitionFixtures.root + "/" + Self.photo)
        let quad = Quad(topLeft: Point(x: 40, y: 60), topRight: Point(x: Double(image.width) - 30, y: 35),
                        bottomRight: Point(x: Double(image.width) - 50, y: Double(image.height) - 20),
                        bottomLeft: Point(x: 25, y: Double(image.height) - 45))
        ImagingThreads.limit(to: 4)
        let pooled = try image.warped(quad, width: 1476, height: 1039).packedPixels()
        ImagingThreads.limit(to: 1)
        let alone = try image.warped(quad, width: 1476, height: 1039).packedPixels()
        #expect(pooled == alone)
    }
}
