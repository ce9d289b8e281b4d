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
