import Testing
@testable import DocFrame

/// Look-alikes (the Ontario license and photo card: same artwork, other title) whose header the
/// classifier could not read: the answer is a guess, and a wrong twin's label (or "wrong
/// document" for the right card) is worse than a late one.
@Suite("Capture: look-alikes not told apart")
struct CaptureLookAlikeTests {
    func guessed(_ identity: DocumentIdentity, or other: DocumentIdentity, orientation: Orientation = .up) -> Shot {
        var shot = Shot.of(identity)
        shot.lookAlikes = [other]
        shot.orientation = orientation
        return shot
    }

    @Test("a guessed twin shows no label, no wrong-document row, and is never taken; read later, it is")
    func guessWaitsForTheHeader() throws {
        let harness = try CaptureHarness()
        // Both ways round: the guess names the license, or the photo card.
        let unread = try harness.run(1.5, showing: guessed(Docs.licenseFront, or: Docs.photoCardFront))
            + harness.run(1.5, showing: guessed(Docs.photoCardFront, or: Docs.licenseFront))
        for step in unread {
            #expect(step.state.label == nil, "no twin's label at \(step.t) s")
            #expect(step.state.instruction.key != .wrongDocument && step.state.state != .ready)
            #expect(step.captures.isEmpty)
        }
        #expect(unread.contains { $0.state.instruction.key == .checking })
        // Asked again meanwhile (the header may read on a later frame).
        #expect(harness.analyzer.depths.filter { $0 == .locateAndClassify }.count >= 8)
        try harness.run(3, showing: .of(Docs.licenseFront))
        #expect(harness.captures.count == 1)
        #expect(harness.steps.contains { $0.state.label == "Ontario Driver's License" })
    }

    @Test("what twins share still applies: upside down is told, without a label")
    func upsideDownGuess() throws {
        let harness = try CaptureHarness()
        let steps = try harness.run(2, showing: guessed(Docs.licenseFront, or: Docs.photoCardFront, orientation: .upsideDown))
        let told = try #require(steps.first { $0.state.instruction.key == .upsideDown })
        #expect(told.state.label == nil)
        #expect(harness.captures.isEmpty)
    }

    @Test("twins of the same kind: the kind's rows apply (a health card's look-alikes are unusable)")
    func sameKindRows() throws {
        let rules = CaptureRules(asked: .driversLicense, policy: .default, messages: Messages(language: .en), format: .id1)
        var other = Docs.healthCard
        other.templateId = "ca-on-health-2-front"
        let row = rules.lookAlikeRow([Docs.healthCard, other], orientation: .up, expecting: .front)
        #expect(row?.key == .unusable && row?.label == "Health card")
        #expect(rules.lookAlikeRow([Docs.licenseFront, Docs.photoCardFront], orientation: .up, expecting: .front) == nil)
        #expect(rules.lookAlikeRow([Docs.licenseFront, Docs.photoCardFront], orientation: .up, expecting: .back)?.key == .showBack)
    }

    @Test("the back's twins are told apart by the captured front: its own back is taken")
    func backByItsFront() throws {
        let harness = try CaptureHarness()
        try harness.run(3, showing: .of(Docs.licenseFront))
        #expect(harness.captures.count == 1)
        try harness.run(2.6, showing: nil)
        // The guess even names the photo card's back; the license's back is among the twins.
        try harness.run(3, showing: guessed(Docs.photoCardBack, or: Docs.licenseBack))
        #expect(harness.captures.map { $0.identity?.templateId } == ["ca-on-dl-front", "ca-on-dl-back"])
        #expect(!harness.steps.contains { $0.state.label == "Ontario Photo Card" })
    }
}
