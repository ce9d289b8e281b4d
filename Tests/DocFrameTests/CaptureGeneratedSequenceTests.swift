import Foundation
import Testing
@testable import DocFrame

/// Sequences made at test time from the committed flats (`GeneratedSequences`), replayed with the
/// real recognizer like the committed ones (`CaptureSequenceTests`).
@Suite("Capture sequences made from the flats")
struct CaptureGeneratedSequenceTests {
    @Test("Quebec front then back (a mostly white back): both taken automatically, each while it is shown")
    func quebecFrontBack() throws {
        // The back's white design is judged by the print it loses (`ReferenceGlare`); before, its
        // white read as glare and it was never taken. Its front, judged against its reference,
        // read glare on single frames at this size and was never taken either (`glareFrames`).
        let folder = try GeneratedSequences.folder(script: "front:3,back:5", front: "ca-qc-dl-front-1.jpg",
                                                   back: "ca-qc-dl-back-1.jpg")
        let run = try CaptureSequenceTests.replay(folder: folder)
        #expect(run.result?.isSuccess == true, "result \(String(describing: run.result))")
        #expect(run.taken.map { run.segments[$0] } == ["front", "back"])
        guard case .success(let captures)? = run.result else { return }
        #expect(captures.map { $0.identity?.templateId } == ["ca-qc-dl-front", "ca-qc-dl-back"])
        #expect(captures.allSatisfy { !$0.manual && !$0.whole })
        for i in run.taken { #expect(run.glare[i] == 0) }
        #expect(!run.states.contains { $0.instruction.key == .avoidGlare }, "no glare in this sequence")
    }
}
