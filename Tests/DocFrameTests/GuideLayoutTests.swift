import Testing
@testable import DocFrame

@Suite("Guide layout")
struct GuideLayoutTests {
    static let screens: [(name: String, viewport: ViewportSize)] = [
        ("iPhone portrait", ViewportSize(width: 390, height: 844)),
        ("iPhone landscape", ViewportSize(width: 844, height: 390)),
        ("12.9-inch iPad landscape", ViewportSize(width: 1366, height: 1024)),
        ("1280x720 frame", ViewportSize(width: 1280, height: 720)),
    ]

    @Test("the guide keeps the format's shape, landscape, centred, inside the screen",
          arguments: [DocumentFormat.id1, .td3])
    func shape(format: DocumentFormat) {
        for (name, viewport) in Self.screens {
            let g = GuideLayout.default.guide(in: viewport, format: format)
            #expect(abs(g.width / g.height - format.aspectRatio) < 1e-9, "\(name)")
            #expect(g.width > g.height)
            #expect(g.x >= 0 && g.y >= 0 && g.maxX <= viewport.width && g.maxY <= viewport.height, "\(name)")
            #expect(abs(g.center.x - viewport.width / 2) < 1e-9 && abs(g.center.y - viewport.height / 2) < 1e-9)
        }
    }

    @Test("portrait phone: the card spans 90% of the width")
    func portraitPhone() {
        let g = GuideLayout.default.guide(in: ViewportSize(width: 390, height: 844), format: .id1)
        #expect(abs(g.width - 351) < 1e-9)
    }

    @Test("landscape phone: height limited to 70%, room for label and instruction")
    func landscapePhone() {
        let g = GuideLayout.default.guide(in: ViewportSize(width: 844, height: 390), format: .id1)
        #expect(abs(g.height - 273) < 1e-9)
        #expect(g.width < 0.9 * 844)
    }

    @Test("12.9-inch iPad landscape: the card scales to the screen but not to its full width")
    func iPad() {
        let g = GuideLayout.default.guide(in: ViewportSize(width: 1366, height: 1024), format: .id1)
        #expect(abs(g.width - 0.7 * 1366) < 1e-9)
        #expect(g.height < 0.7 * 1024)
        let phone = GuideLayout.default.guide(in: ViewportSize(width: 844, height: 390), format: .id1)
        #expect(g.width > phone.width, "bigger screen, bigger guide")
    }

    @Test("in frame pixels: a preview shown aspect-fill maps the guide back into the frame")
    func framePixels() {
        let layout = GuideLayout.default
        let itself = layout.guide(frameWidth: 1280, frameHeight: 720, viewport: nil, format: .id1)
        #expect(itself == GuideRect(x: 240, y: 108, width: 799, height: 504))  // 70% of the height, ID-1 shape
        // A portrait phone showing a 720x1280 frame: same aspect, the guide just scales.
        let phone = layout.guide(frameWidth: 720, frameHeight: 1280, viewport: ViewportSize(width: 360, height: 640), format: .id1)
        #expect(phone.width == 648 && abs(phone.x - 36) <= 1)
        // A landscape frame behind a portrait screen: only the middle of the frame is visible.
        let cropped = layout.guide(frameWidth: 1280, frameHeight: 720, viewport: ViewportSize(width: 390, height: 844), format: .id1)
        #expect(abs(cropped.center.x - 640) <= 1 && abs(cropped.center.y - 360) <= 1)
        #expect(cropped.width < 720 * 390 / 844 + 1, "inside the visible strip of the frame")
    }

    @Test("fill, overflow and long axis are judged against the guide")
    func measures() {
        let g = GuideRect(x: 100, y: 100, width: 400, height: 250)
        let inside = Quad(x: 150, y: 130, width: 300, height: 190)
        #expect(abs(g.fill(of: inside) - 300.0 * 190 / (400 * 250)) < 1e-9)
        #expect(g.overflow(of: inside) == 0)
        let beyond = Quad(x: 60, y: 100, width: 400, height: 250)  // 40 px past the left edge
        #expect(abs(g.overflow(of: beyond) - 0.1) < 1e-9)
        #expect(!g.isAcross(inside))
        let upright = Quad(x: 200, y: 50, width: 190, height: 300)
        #expect(g.isAcross(upright))
        #expect(g.isAcross(upright.rotatingLabels(by: 1)), "labels do not matter, only the shape")
    }
}
