import Testing
@testable import DocFrame

/// DESIGN.md states the capture timings integrators build their screens around; a default
/// changed by accident would pass every behaviour test (they read the policy back), so the
/// stated values are pinned here.
@Suite("CapturePolicy: the defaults DESIGN.md states")
struct CapturePolicyDefaultsTests {
    @Test("timings: instruction hold 1 s, steady hold 1.5 s, captured freeze 1 s, flip 1.5 s, manual shutter at 8 s seen or 15 s into the side")
    func statedTimings() {
        let policy = CapturePolicy.default
        #expect(policy.instructionHold == 1.0)
        #expect(policy.steadyHold == 1.5)
        #expect(policy.capturedFreeze == 1.0)
        #expect(policy.flipDuration == 1.5)
        #expect(policy.manualShutterAfterSeen == 8.0)
        #expect(policy.manualShutterIntoSide == 15.0)
    }
}
