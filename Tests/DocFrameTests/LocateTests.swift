import Foundation
import Testing
@testable import DocFrame

@Suite("DocumentLocator")
struct LocateTests {
    @Test("finds the card's outline within 2% of its diagonal on upright and tilted photos")
    func cornersOnPhotos() throws {
        let locator = DocumentLocator()
        let photos = RecognitionFixtures.captures().filter {
            !$0.negative && ($0.conditions == ["clean"] || $0.conditions == ["tilt"])
        }
        #expect(photos.count >= 6)
        var within = 0
        for capture in photos {
            let truth = try #require(capture.corners)
            let found = try #require(try locator.locateBest(in: try Image(contentsOfFile: capture.path)), "\(capture.name)")
            let error = RecognitionFixtures.cornerError(found.corners, truth)
            if error < 0.02 { within += 1 }
            // Always the card, never the table's clutter or a box printed on the card.
            #expect(error < 0.1, "\(capture.name): \(error)")
        }
        // The locator alone (no template); classification then corrects the rest from the
        // template's homography (RecognizerTests checks 2% on every photo).
        #expect(Double(within) >= 0.75 * Double(photos.count), "\(within) of \(photos.count)")
    }

    @Test("a card lying across sheets of printed lines is located, its sides not crowded out by the lines")
    func cardOnPrintedSheets() throws {
        // The long-edge search keeps a bounded number of straight edges; a sheet's text lines and
        // their shadows are many and long, and once they filled the list the card's own sides were
        // left out (the best outline was the sheet's, or a box on the card).
        let locator = DocumentLocator()
        let photos = RecognitionFixtures.captures(in: "on-paper")
        #expect(photos.count >= 2)
        for capture in photos {
            let truth = try #require(capture.corners)
            let found = try #require(try locator.locateBest(in: try Image(contentsOfFile: capture.path)), "\(capture.name)")
            let error = RecognitionFixtures.cornerError(found.corners, truth)
            #expect(error < 0.02, "\(capture.name): \(error)")
        }
    }

    @Test("corners start nearest the image's top-left and run clockwise")
    func cornerOrder() throws {
        // A plain light card on a dark table, drawn here: no template involved.
        let canvas = TestCanvas(width: 1012, height: 638, gray: 235)
        canvas.rect(x: 60, y: 60, width: 300, height: 200, gray: 90)
        canvas.text("SAMPLE CARD", x: 420, y: 80, size: 48)
        canvas.place(corners: [(300, 150), (900, 190), (880, 560), (280, 520)], width: 1280, height: 720, background: 40)
        let found = try #require(try DocumentLocator().locateBest(in: canvas.image()))
        let c = found.corners
        #expect(c.topLeft.distance(to: Point(x: 300, y: 150)) < 6)
        #expect(c.topRight.distance(to: Point(x: 900, y: 190)) < 6)
        #expect(c.bottomRight.distance(to: Point(x: 880, y: 560)) < 6)
        #expect(c.bottomLeft.distance(to: Point(x: 280, y: 520)) < 6)
        #expect(!found.cutOff)
        #expect(found.nearestFormat == .id1)
    }

    @Test("a blank frame has no document")
    func blank() throws {
        let canvas = TestCanvas(width: 1280, height: 720, gray: 128)
        #expect(try DocumentLocator().locateBest(in: canvas.image()) == nil)
    }
}

@Suite("DocumentLocator on passport pages")
struct LocatePassportPageTests {
    /// The outlines `locate` reports for the fixture photos of passport pages, as recorded: a
    /// page's printed lines pair into 1500-3600 line candidates, and which of them outranks
    /// which rests on the enclosure tests asked of every pair (`enclosesSmaller` in the shim).
    /// Each outline: its corners (x, y clockwise from the top-left) and its score.
    static let recorded: [String: [[Double]]] = [
        "passport-uto-front-321-4.jpg": [[23.15, 172.14, 429.86, 235.51, 486.95, 797.01, 94.96, 871.33, 1.231], [10.52, 170.21, 429.89, 235.47, 483.49, 764.24, 77.33, 825.47, 1.109], [50.69, 564.09, 470.26, 547.21, 497.47, 807.69, 83.77, 888.95, 0.991], [10.43, 170.24, 436.43, 236.47, 466.42, 516.35, 46.34, 521.59, 0.986]],
        "passport-val-front-321-3.jpg": [[35.73, 139.54, 909.97, 173.39, 824.6, 685.63, 65.27, 670.22, 1.225], [50.07, 140.07, 894.97, 172.87, 827.05, 600.89, 72.77, 583.54, 1.21], [72.26, 154.9, 907.76, 186.57, 824.52, 685.66, 95.86, 670.82, 1.009], [290.81, 162.05, 907.69, 186.58, 838.22, 604.52, 287.92, 587.66, 1.006]],
        "passport-zan-front-6607-2.jpg": [[236.74, 61.85, 649.1, 24.29, 693.11, 663.67, 318.98, 701.75, 1.228], [236.67, 61.85, 716.81, 18.14, 751.86, 657.76, 319.05, 701.76, 1.191], [240.35, 89.96, 650.8, 51.9, 693.23, 663.66, 318.99, 701.75, 1.05], [240.14, 88.34, 718.74, 46.87, 751.85, 657.68, 318.98, 701.68, 0.973]]
    ]

    @Test("a passport page photo's outlines, all of them, are the recorded ones")
    func recordedOutlines() throws {
        let photos = RecognitionFixtures.captures(in: "passport-pages")
        #expect(photos.count >= 3)
        for capture in photos {
            let found = try DocumentLocator().locate(in: try Image(contentsOfFile: capture.path))
            let name = URL(fileURLWithPath: capture.path).lastPathComponent
            let values = found.map { q in q.corners.points.flatMap { [($0.x * 100).rounded() / 100, ($0.y * 100).rounded() / 100] } + [(q.score * 1000).rounded() / 1000] }
            guard let expected = Self.recorded[name] else { Issue.record("\(name) not recorded"); continue }
            #expect(values.count == expected.count, "\(name)")
            for (got, want) in zip(values, expected) {
                #expect(zip(got, want).allSatisfy { abs($0 - $1) < 0.02 }, "\(name): \(got) != \(want)")
            }
        }
    }
}
