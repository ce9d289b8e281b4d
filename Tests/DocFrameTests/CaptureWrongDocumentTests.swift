import Foundation
import Testing
@testable import DocFrame

/// Row 2 with the real recognizer: a passport shown when a license is asked for.
@Suite("Capture: a passport when a license is asked for, with the real recognizer")
struct CaptureWrongDocumentTests {
    /// The same photo held for `seconds` at 10 fps, through a session asking for `kind`.
    static func hold(_ path: String, seconds: Double, kind: DocumentKind) throws -> [CaptureUpdate] {
        let frame = try Image(contentsOfFile: path)
        let session = try CaptureSession(configuration: CaptureConfiguration(kind: kind), analyzer: RecognitionFixtures.builtIn)
        return try (0..<Int(seconds * 10)).map { try session.process(frame, at: Double($0) / 10) }
    }

    @Test("a page whose zone reads: 'This looks like a passport, please use your license instead', labelled Passport, amber, a warning, never taken")
    func passportPage() throws {
        let updates = try Self.hold(RecognitionFixtures.root + "/passport-pages/passport-val-front-321-3.jpg", seconds: 1.6,
                                    kind: .driversLicense)
        let first = try #require(updates.first?.state)
        #expect(first.state == .needsUser && first.color == "#F5A524")
        #expect(first.instruction.key == .wrongDocument)
        #expect(first.instruction.text == "This looks like a passport, please use your license instead")
        #expect(first.label == "Passport" && !first.tick)
        #expect(updates[0].events.contains { if case .haptic(.warning) = $0 { true } else { false } })
        for update in updates {
            #expect(update.state.instruction.key == .wrongDocument, "\(update.state.instruction.key)")
            #expect(!update.events.contains { if case .captured = $0 { true } else { false } })
        }
    }
}
