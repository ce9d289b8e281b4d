import Testing
@testable import DocFrame

/// A tracked outline whose opposite sides stop agreeing was refitted to print inside the card.
@Suite("Tracked outline deformation")
struct OutlineDeformationTests {
    let card = Quad(topLeft: Point(x: 97, y: 64), topRight: Point(x: 328, y: 62),
                    bottomRight: Point(x: 328, y: 190), bottomLeft: Point(x: 97, y: 194))

    @Test("a card moved, turned a little or brought closer keeps its shape")
    func rigidMotion() {
        let moved = Quad(topLeft: Point(x: 102, y: 60), topRight: Point(x: 334, y: 61),
                         bottomRight: Point(x: 333, y: 189), bottomLeft: Point(x: 101, y: 190))
        #expect(!Recognizer.deformed(moved, from: card))
        let closer = Quad(topLeft: Point(x: 80, y: 50), topRight: Point(x: 350, y: 48),
                          bottomRight: Point(x: 350, y: 200), bottomLeft: Point(x: 80, y: 204))
        #expect(!Recognizer.deformed(closer, from: card))
    }

    @Test("one side refitted to a printed rule inside the card is no track")
    func sideOnPrint() {
        // The Ontario back of front-twice at 9.3 s: the right side's bottom slid from 190 to 171.
        let slid = Quad(topLeft: Point(x: 113, y: 65), topRight: Point(x: 328, y: 62),
                        bottomRight: Point(x: 328, y: 171), bottomLeft: Point(x: 97, y: 194))
        #expect(Recognizer.deformed(slid, from: card))
    }
}
