import Testing
@testable import DocFrame

/// One test per row of DESIGN.md's capture table, in priority order.
@Suite("Capture table rows")
struct CaptureRowsTests {
    @Test("1 unusable: a health card is red, labelled with the kind's name, errors, and is never captured")
    func unusableHealthCard() throws {
        let h = try CaptureHarness()
        try h.run(6, showing: .of(Docs.healthCard))
        let state = h.steps.last!.state
        #expect(state.state == .unusable)
        #expect(state.color == "#E5484D")
        #expect(state.instruction.key == .unusable)
        #expect(state.instruction.text == "Health cards can't be used, please use a different ID")
        #expect(state.label == "Health card")
        #expect(!state.tick)
        #expect(h.captures.isEmpty)
        let step = try #require(h.steps.first { $0.keys.contains(.unusable) })
        #expect(step.haptics == [.error])
    }

    @Test("1 unusable: another unusable template gets the generic sentence and its kind's name")
    func unusableOther() throws {
        var identity = Docs.licenseFront
        identity.policy = .unusable
        let h = try CaptureHarness()
        try h.run(4, showing: .of(identity))
        #expect(h.steps.last!.state.instruction.text == "This document can't be used, please use a different ID")
        #expect(h.steps.last!.state.label == "Driver's license")
        #expect(h.captures.isEmpty)
    }

    static let pairings: [(shown: DocumentKind, asked: DocumentKind, text: String, label: String)] = [
        (.passport, .driversLicense, "This looks like a passport, please use your license instead", "Passport"),
        (.passport, .idCard, "This looks like a passport, please use your ID card instead", "Passport"),
        (.driversLicense, .passport, "This looks like a license, please use your passport instead", "Driver's license"),
        (.driversLicense, .idCard, "This looks like a license, please use your ID card instead", "Driver's license"),
        (.idCard, .driversLicense, "This looks like an ID card, please use your license instead", "ID card"),
        (.idCard, .passport, "This looks like an ID card, please use your passport instead", "ID card"),
    ]

    @Test("2 wrongDocument: every pairing of kinds, worded per kind, amber with a warning", arguments: 0..<6)
    func wrongDocument(pairing: Int) throws {
        let p = Self.pairings[pairing]
        let h = try CaptureHarness(kind: p.asked)
        try h.run(5, showing: .of(Docs.front(of: p.shown)))
        let state = h.steps.last!.state
        #expect(state.state == .needsUser)
        #expect(state.color == "#F5A524")
        #expect(state.instruction.key == .wrongDocument)
        #expect(state.instruction.text == p.text)
        #expect(state.label == p.label)
        #expect(h.captures.isEmpty)
        #expect(try #require(h.steps.first { $0.keys.contains(.wrongDocument) }).haptics == [.warning])
    }

    @Test("3 upsideDown: amber, template label, never captured")
    func upsideDown() throws {
        var shot = Shot.of(Docs.licenseFront)
        shot.orientation = .upsideDown
        let h = try CaptureHarness()
        try h.run(5, showing: shot)
        let state = h.steps.last!.state
        #expect(state.state == .needsUser)
        #expect(state.instruction.text == "Your license is upside down, turn it the right way up")
        #expect(state.label == "Ontario Driver's License")
        #expect(h.captures.isEmpty)
    }

    @Test("4 showBack: the back is expected and the front is shown")
    func showBack() throws {
        let h = try CaptureHarness()
        try h.run(5, showing: .of(Docs.licenseFront))  // captured, freeze, flip
        #expect(h.captures.count == 1)
        try h.run(4, showing: .of(Docs.licenseFront))  // the front again
        let state = h.steps.last!.state
        #expect(state.state == .needsUser)
        #expect(state.instruction.key == .showBack)
        #expect(state.instruction.text == "Now show the back of your license, turn it over")
        #expect(state.label == "Ontario Driver's License")
        #expect(h.captures.count == 1, "the front shown twice is not captured twice")
    }

    @Test("5 showFront: the front is expected and the back is shown")
    func showFront() throws {
        let h = try CaptureHarness(kind: .idCard)
        try h.run(5, showing: .of(Docs.photoCardBack))
        let state = h.steps.last!.state
        #expect(state.state == .needsUser)
        #expect(state.instruction.text == "Show the front of your ID card first")
        #expect(state.label == "Ontario Photo Card")
        #expect(h.captures.isEmpty)
    }

    @Test("6 fitInFrame: cut off by the image edge, or beyond the guide by more than allowed")
    func fitInFrame() throws {
        var cut = Shot.of(Docs.licenseFront)
        cut.cutOff = true
        var beyond = Shot.of(Docs.licenseFront, scale: 1.3)
        beyond.offset = Point(x: 0, y: 0)
        var shifted = Shot.of(Docs.licenseFront, scale: 0.9)
        shifted.offset = Point(x: 130, y: 0)
        for shot in [cut, beyond, shifted] {
            let h = try CaptureHarness()
            try h.run(4, showing: shot)
            let state = h.steps.last!.state
            #expect(state.state == .adjusting)
            #expect(state.color == "#1E6FFF")
            #expect(state.instruction.text == "Fit the whole license in the frame")
            #expect(h.captures.isEmpty)
        }
    }

    @Test("6 fitInFrame: a slight overflow within the policy's allowance is fine")
    func slightOverflowAllowed() throws {
        let h = try CaptureHarness()
        try h.run(3, showing: .of(Docs.licenseFront, scale: 1.1))
        #expect(h.captures.count == 1)
    }

    @Test("7 turnSideways: the card's long axis across the guide's")
    func turnSideways() throws {
        var shot = Shot.of(Docs.licenseFront, scale: 0.55)
        shot.orientation = .right
        let h = try CaptureHarness()
        try h.run(4, showing: shot)
        #expect(h.steps.last!.state.instruction.text == "Turn your license sideways")
        #expect(h.steps.last!.state.state == .adjusting)
        #expect(h.captures.isEmpty)
    }

    @Test("8 moveCloser: the card fills too little of the guide")
    func moveCloser() throws {
        let h = try CaptureHarness()
        try h.run(4, showing: .of(Docs.licenseFront, scale: 0.6))
        #expect(h.steps.last!.state.instruction.text == "Move a little closer")
        #expect(h.steps.last!.state.label == "Ontario Driver's License")
        #expect(h.captures.isEmpty)
    }

    @Test("9 avoidGlare")
    func avoidGlare() throws {
        var shot = Shot.of(Docs.licenseFront)
        shot.glare = CapturePolicy.default.maxGlare + 0.05  // over the calibrated threshold
        let h = try CaptureHarness()
        try h.run(4, showing: shot)
        #expect(h.steps.last!.state.instruction.text == "Avoid the glare, tilt it slightly away from the light")
        #expect(h.captures.isEmpty)
    }

    @Test("9 no avoidGlare from white print: a document with no template to compare with (unknown, passport by rule)")
    func noGlareWithoutTemplate() throws {
        // An unknown card-shaped document whose white reads as washed out: checked (row 10).
        var unknown = Shot.of(nil)
        unknown.glare = 0.14
        let h = try CaptureHarness()
        try h.run(4, showing: unknown)
        #expect(h.steps.last!.state.instruction.key == .checking)
        #expect(!h.steps.contains { $0.state.instruction.key == .avoidGlare })

        // A passport recognised by rule, its white page reading 0.14: taken automatically.
        var passport = Shot.of(Docs.passport)
        passport.glare = 0.14
        let p = try CaptureHarness(kind: .passport)
        try p.run(4, showing: passport)
        #expect(!p.steps.contains { $0.state.instruction.key == .avoidGlare })
        #expect(p.captures.count == 1)
    }

    @Test("10 checking: a blurred card is checked, never captured")
    func checkingBlurred() throws {
        var shot = Shot.of(Docs.licenseFront)
        shot.blur = 0.7
        let h = try CaptureHarness()
        try h.run(5, showing: shot)
        let state = h.steps.last!.state
        #expect(state.state == .adjusting)
        #expect(state.instruction.text == "Checking your license\u{2026} hold it steady for a moment")
        #expect(state.label == "Ontario Driver's License")
        #expect(h.captures.isEmpty)
    }

    @Test("10 checking: a card-shaped unknown document has no label and is never auto-captured")
    func checkingUnknown() throws {
        let h = try CaptureHarness()
        try h.run(6, showing: .of(nil))
        let state = h.steps.last!.state
        #expect(state.instruction.key == .checking)
        #expect(state.label == nil)
        #expect(h.captures.isEmpty)
    }

    @Test("10 checking: something not card-shaped is no document")
    func notCardShaped() throws {
        var receipt = Shot.of(nil, scale: 0.5)
        receipt.aspect = 0.35
        let h = try CaptureHarness()
        try h.run(3, showing: receipt)
        #expect(h.steps.last!.state.instruction.key == .searching)
    }

    @Test("11 ready: green, tick, progress 0 -> 1 over the steady hold, then the photo")
    func ready() throws {
        let h = try CaptureHarness()
        try h.run(2.5, showing: .of(Docs.licenseFront))
        // The first frame cannot be steady (no motion measured yet): checks pass from the second.
        let passFrom = h.steps[1].t
        let readySteps = h.steps.filter { $0.state.instruction.key == .holdStill }
        let ready = try #require(readySteps.first)
        #expect(ready.state.state == .ready)
        #expect(ready.state.color == "#30A46C")
        #expect(ready.state.tick)
        #expect(ready.state.label == "Ontario Driver's License")
        let progress = readySteps.map(\.state.progress)
        #expect(progress == progress.sorted(), "progress only grows")
        for step in h.steps[1...] where step.captures.isEmpty && step.state.instruction.key == .holdStill {
            #expect(abs(step.state.progress - (step.t - passFrom) / 1.5) < 1e-6)
        }
        let captured = try #require(h.steps.first { !$0.captures.isEmpty })
        #expect(captured.t - passFrom >= 1.5 - 1e-9)
        #expect(captured.t - passFrom <= 1.5 + 1 / 30 + 1e-9, "auto-capture within the steady hold plus one frame")
        #expect(captured.state.instruction.text == "Front captured")
        #expect(captured.state.progress == 1)
    }

    @Test("12 searching: white, no label")
    func searching() throws {
        let h = try CaptureHarness()
        try h.run(1, showing: nil)
        let state = h.steps.last!.state
        #expect(state.state == .searching)
        #expect(state.color == "#FFFFFF")
        #expect(state.instruction.text == "Fill the frame with your license, the photo will be taken automatically")
        #expect(state.label == nil && !state.tick && !state.shutter)
        #expect(h.steps[0].keys == [.searching], "the first instruction is announced")
    }

    @Test("rows by priority: unusable beats upside down beats glare")
    func priority() throws {
        var shot = Shot.of(Docs.healthCard)
        shot.orientation = .upsideDown
        shot.glare = 0.5
        let h = try CaptureHarness()
        try h.run(2, showing: shot)
        #expect(h.steps.last!.state.instruction.key == .unusable)

        var upside = Shot.of(Docs.licenseFront, scale: 0.5)
        upside.orientation = .upsideDown
        upside.glare = 0.5
        let h2 = try CaptureHarness()
        try h2.run(2, showing: upside)
        #expect(h2.steps.last!.state.instruction.key == .upsideDown)
    }

    @Test("a theme changes the colours")
    func theme() throws {
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: .passport, theme: CaptureTheme(searching: "#000000")),
                                         analyzer: ScriptedAnalyzer())
        let update = try session.process(CaptureHarness.blank, at: 0)
        #expect(update.state.color == "#000000")
        #expect(update.state.instruction.text == "Fill the frame with your passport photo page")
    }

    @Test("a health card cannot be the kind asked for")
    func healthCardIsNotAskable() {
        #expect(throws: DocFrameError.self) {
            try CaptureSession(configuration: CaptureConfiguration(kind: .healthCard), analyzer: ScriptedAnalyzer())
        }
    }
}
