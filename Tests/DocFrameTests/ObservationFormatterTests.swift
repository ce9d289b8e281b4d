import Foundation
import Testing
@testable import DocFrame

/// The classify output is a contract (DESIGN.md): integrators parse these keys.
@Suite struct ObservationFormatterTests {
    static let passport = ObservationRecord(path: "p.jpg", result: .success(DocumentObservation(
        document: DocumentIdentity(templateId: "passport", label: LocalizedText(en: "Passport"), kind: .passport, side: .front,
                                   jurisdiction: "UTO", policy: .accepted, confidence: 0.99),
        corners: Quad(pairs: [[88.0, 61.2], [1390.4, 70.9], [1384.1, 989.0], [80.3, 979.5]]),
        orientation: .up,
        quality: QualityReport(coverage: 0.41, blur: 0.08, glare: 0, cutOff: false),
        mrz: MRZResult(format: .td3,
                       lines: ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"],
                       valid: true,
                       checks: ["composite": true, "documentNumber": true, "birthDate": true, "expiryDate": true, "optionalData": true],
                       fields: ["surname": "ERIKSSON", "documentType": "P", "issuingState": "UTO"]),
        timingMs: ["mrz": 12.34, "decode": 9.1])))

    @Test func jsonLineHasDesignKeysInOrder() {
        let line = ObservationFormatter(format: .jsonl).line(for: Self.passport, index: 0)
        #expect(line.hasPrefix(#"{"path": "p.jpg", "ok": true, "document": {"templateId": "passport", "label": "Passport", "kind": "passport", "side": "front", "jurisdiction": "UTO", "policy": "accepted", "confidence": 0.99}, "orientation": 0, "corners": [[88, 61.2], [1390.4, 70.9], [1384.1, 989], [80.3, 979.5]], "quality": {"coverage": 0.41, "blur": 0.08, "glare": 0, "cutOff": false}, "mrz": {"format": "TD3", "lines": ["#))
        #expect(line.contains(#""checks": {"documentNumber": true, "birthDate": true, "expiryDate": true, "optionalData": true, "composite": true}"#))
        #expect(line.contains(#""fields": {"documentType": "P", "issuingState": "UTO", "surname": "ERIKSSON"}"#))
        #expect(line.hasSuffix(#""timingMs": {"decode": 9.1, "mrz": 12.3}, "error": null}"#))
    }

    @Test func failedInputHasNullsAndErrorCode() {
        let record = ObservationRecord(path: "x.png", result: .failure(DocFrameError(.notAnImage, "not an image")))
        let line = ObservationFormatter(format: .jsonl).line(for: record, index: 0)
        #expect(line == #"{"path": "x.png", "ok": false, "document": null, "orientation": null, "corners": null, "quality": null, "mrz": null, "timingMs": {}, "error": {"code": "notAnImage", "message": "not an image"}}"#)
    }

    @Test func csvHasDesignColumnsAndQuotes() {
        let f = ObservationFormatter(format: .csv)
        #expect(f.header == "path,ok,templateId,label,kind,side,jurisdiction,confidence,orientation,mrzValid,error")
        #expect(f.line(for: Self.passport, index: 0) == "p.jpg,true,passport,Passport,passport,front,UTO,0.99,0,true,")
        let odd = ObservationRecord(path: "a,\"b\".jpg", result: .failure(DocFrameError(.emptyFile, "empty")))
        #expect(f.line(for: odd, index: 0) == #""a,""b"".jpg",false,,,,,,,,,emptyFile"#)
    }

    @Test func jsonArrayIsValidJSON() throws {
        let f = ObservationFormatter(format: .json)
        let text = [f.header!, f.line(for: Self.passport, index: 0), f.line(for: Self.passport, index: 1), f.footer!].joined(separator: "\n")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 2)
        #expect(parsed?.first?["document"] is [String: Any])
        #expect(parsed?.first?["error"] is NSNull)
    }
}
