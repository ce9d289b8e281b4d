import Foundation
import Testing
@testable import DocFrame

/// The evaluator's arithmetic on hand-made ground truth and results.
@Suite("Evaluation")
struct EvaluationTests {
    static let card = Quad(x: 100, y: 100, width: 600, height: 400)  // diagonal 721.1

    static func truth(_ stem: String, _ template: String? = "ca-on-dl-front", kind: String? = "driversLicense", orientation: Int? = 0,
                      conditions: [String] = ["clean"], coverage: Double? = nil, negative: Bool = false) -> GroundTruth {
        GroundTruth(stem: stem, sidecarPath: "/gt/\(stem).json", templateId: negative ? nil : template, kind: negative ? nil : kind,
                    side: negative ? nil : "front", corners: negative ? nil : card, orientation: negative ? nil : orientation,
                    conditions: conditions, coverage: coverage, negative: negative)
    }

    static func shifted(_ q: Quad, by d: Double) -> Quad {
        Quad(topLeft: q.topLeft + Point(x: d, y: 0), topRight: q.topRight, bottomRight: q.bottomRight, bottomLeft: q.bottomLeft)
    }

    @Test("accuracy, orientation, corner tolerances, negatives and confident-wrong add up")
    func arithmetic() {
        let gt = GroundTruthSet([
            Self.truth("a"), Self.truth("b", conditions: ["glare"]), Self.truth("c", orientation: 180, conditions: ["upside_down", "glare"]),
            Self.truth("d", "ca-on-photo-front", kind: "idCard"),
            Self.truth("n1", conditions: ["receipt"], negative: true), Self.truth("n2", conditions: ["bank_card"], negative: true),
        ])
        let results = [
            // right, corners off by 10 px = 1.4 % of the diagonal
            EvaluatedResult(path: "x/a.jpg", templateId: "ca-on-dl-front", kind: "driversLicense", confidence: 0.95, orientation: 0,
                            corners: Self.shifted(Self.card, by: 10)),
            // right, corners off by 30 px = 4.2 %
            EvaluatedResult(path: "x/b.jpg", templateId: "ca-on-dl-front", confidence: 0.9, orientation: 0, corners: Self.shifted(Self.card, by: 30)),
            // right template, wrong orientation, corners in the image's order instead of the document's
            EvaluatedResult(path: "c.png", templateId: "ca-on-dl-front", confidence: 0.7, orientation: 0, corners: Self.card.rotatingLabels(by: 2)),
            // wrong (look-alike) and confident
            EvaluatedResult(path: "d.jpg", templateId: "ca-on-dl-front", confidence: 0.85, orientation: 0, corners: Self.card),
            // negative rejected
            EvaluatedResult(path: "n1.jpg", templateId: nil),
            // negative taken for a document, not confident
            EvaluatedResult(path: "n2.jpg", templateId: "ca-pr-front", confidence: 0.5),
            // no ground truth
            EvaluatedResult(path: "zzz.jpg", templateId: nil),
        ]
        let report = Evaluator(groundTruth: gt).evaluate(results)
        let m = report.overall
        #expect(m.count == 6 && m.documents == 4 && m.negatives == 2)
        #expect(m.labelSideCorrect == 3)
        #expect(m.labelSideAccuracy == 0.75)
        #expect(m.orientationCorrect == 3)
        #expect(m.cornersWithin2 == 2)   // a, d
        #expect(m.cornersWithin5 == 3)   // a, b, d
        #expect(m.negativesRejected == 1 && m.negativesRejectedRate == 0.5)
        #expect(m.wrong == 2)            // d, n2
        #expect(m.confidentWrong == 1)   // d only (n2 at 0.5)
        #expect(report.unmatchedResults == 1 && report.missingResults == 0)

        let glare = report.perCondition["glare"]!
        #expect(glare.count == 2 && glare.labelSideCorrect == 2 && glare.orientationCorrect == 1)
        #expect(report.perCondition["receipt"]?.negativesRejected == 1)
        #expect(report.perTemplate["ca-on-dl-front"]?.count == 3)
        #expect(report.perTemplate["negative"]?.count == 2)
        // Precision of ca-on-dl-front: 3 right of 4 answers; recall of ca-on-photo-front: 0 of 1.
        #expect(report.precision("ca-on-dl-front") == 0.75)
        #expect(report.recall("ca-on-photo-front") == 0)
        let confusions = report.confusionList
        let pairs = confusions.map { "\($0.truth)>\($0.answer)=\($0.count)" }
        #expect(pairs.contains("ca-on-photo-front>ca-on-dl-front=1"))
        #expect(pairs.contains("negative>ca-pr-front=1"))
        #expect(!pairs.contains { $0.hasPrefix("negative>none") })
    }

    @Test("documents under 10% of the image are left out of the targets' rows, not out of the overall ones")
    func targetScope() throws {
        let gt = GroundTruthSet([
            Self.truth("big", conditions: ["small"], coverage: 0.12), Self.truth("tiny", conditions: ["small"], coverage: 0.07),
            Self.truth("unknown", conditions: ["clean"]), Self.truth("n", conditions: ["receipt"], negative: true),
        ])
        let results = [
            EvaluatedResult(path: "big.jpg", templateId: "ca-on-dl-front", confidence: 0.9, orientation: 0, corners: Self.card),
            EvaluatedResult(path: "tiny.jpg", templateId: nil),
            EvaluatedResult(path: "unknown.jpg", templateId: "ca-on-dl-front", confidence: 0.9, orientation: 0, corners: Self.card),
            EvaluatedResult(path: "n.jpg", templateId: nil),
        ]
        let report = Evaluator(groundTruth: gt).evaluate(results)
        #expect(report.overall.documents == 3 && report.overall.labelSideCorrect == 2)
        // The 7% document is out; a sidecar without coverage and every negative stay in.
        #expect(report.inScope.count == 3 && report.inScope.documents == 2 && report.inScope.labelSideCorrect == 2)
        #expect(report.inScopePerCondition["small"]?.labelSideAccuracy == 1)
        #expect(report.perCondition["small"]?.labelSideAccuracy == 0.5)
        #expect(report.inScopePerCondition["receipt"]?.negativesRejected == 1)
        let scope = try #require(report.json().member("inScope"))
        #expect(scope.member("minCoverage")?.numberValue == 0.1)
        #expect(scope.member("overall")?.member("labelSideAccuracy")?.numberValue == 1)
        #expect(report.text().contains("targets' scope: 2 of 3 documents"))
        // A set with nothing out of scope prints no second table.
        let whole = Evaluator(groundTruth: GroundTruthSet([Self.truth("big", coverage: 0.5)])).evaluate([results[0]])
        #expect(!whole.text().contains("targets' scope"))
    }

    @Test("a passport page counts as right for any passport answer")
    func passports() {
        let gt = GroundTruthSet([Self.truth("p1", "passport", kind: "passport"), Self.truth("p2", "passport", kind: "passport"),
                                 Self.truth("p3", "passport", kind: "passport")])
        let report = Evaluator(groundTruth: gt).evaluate([
            EvaluatedResult(path: "p1.jpg", templateId: "passport", kind: "passport", confidence: 0.99),
            EvaluatedResult(path: "p2.jpg", templateId: "passport-uto-front", kind: "passport", confidence: 0.99),
            EvaluatedResult(path: "p3.jpg", templateId: "ca-pr-front", kind: "idCard", confidence: 0.99),
        ])
        #expect(report.overall.labelSideCorrect == 2)
        #expect(report.overall.confidentWrong == 1)
        #expect(report.perTemplate["passport"]?.count == 3)
    }

    @Test("classify lines are read from JSON Lines and from a JSON array")
    func readsClassifyOutput() throws {
        let line = """
        {"path": "scans/a-1.jpg", "ok": true, "document": {"templateId": "ca-on-dl-front", "label": "Ontario Driver's License", "kind": "driversLicense", "side": "front", "jurisdiction": "CA-ON", "policy": "accepted", "confidence": 0.97}, "orientation": 90, "corners": [[1, 2], [3, 4], [5, 6], [7, 8]], "quality": null, "mrz": null, "timingMs": {"decode": 9.5, "locate": 3.5}, "error": null}
        """
        let failed = #"{"path": "b.jpg", "ok": false, "document": null, "orientation": null, "corners": null, "error": {"code": "notAnImage", "message": "x"}}"#
        let lines = try EvaluatedResult.parse(line + "\n\n" + failed + "\n")
        #expect(lines.count == 2)
        #expect(lines[0].templateId == "ca-on-dl-front" && lines[0].orientation == 90 && lines[0].confidence == 0.97)
        #expect(lines[0].corners?.bottomLeft == Point(x: 7, y: 8))
        #expect(lines[0].totalMs == 13)
        #expect(lines[1].ok == false && lines[1].errorCode == "notAnImage" && lines[1].corners == nil)
        #expect(try EvaluatedResult.parse("[" + line + ", " + failed + "]").count == 2)
        #expect(throws: DocFrameError.self) { try EvaluatedResult.parse("{\"ok\": true}") }
        #expect(throws: DocFrameError.self) { try EvaluatedResult.parse("{\"path\": ") }
    }

    @Test("ground truth is read from sidecar folders, skipping non-capture JSON")
    func readsSidecars() throws {
        let root = NSTemporaryDirectory() + "docframe-eval-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/test", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/train", withIntermediateDirectories: true)
        let capture = #"{"templateId": "ca-qc-dl-back", "kind": "driversLicense", "side": "back", "corners": [[0, 0], [10, 0], [10, 6], [0, 6]], "orientation": 270, "coverage": 0.3, "conditions": ["sideways"], "negative": false}"#
        try capture.write(toFile: root + "/test/x-1.json", atomically: true, encoding: .utf8)
        try capture.replacingOccurrences(of: "270", with: "0").write(toFile: root + "/train/x-1.json", atomically: true, encoding: .utf8)
        try #"{"negative": true, "conditions": ["empty"], "corners": null}"#.write(toFile: root + "/test/negative-1.json", atomically: true, encoding: .utf8)
        try #"{"templateId": "ca-qc-dl-back", "size": [1012, 638]}"#.write(toFile: root + "/test/flat.json", atomically: true, encoding: .utf8)
        try #"{"fps": 30, "segments": []}"#.write(toFile: root + "/test/sequence.json", atomically: true, encoding: .utf8)
        let set = try GroundTruthSet(folders: [root + "/test", root + "/train"])
        #expect(set.count == 3)
        #expect(set.lookup(path: "anything/negative-1.jpg")?.negative == true)
        // The same stem in two folders: the one beside the result's path wins.
        #expect(set.lookup(path: root + "/test/x-1.jpg")?.orientation == 270)
        #expect(set.lookup(path: root + "/train/x-1.jpg")?.orientation == 0)
        #expect(set.lookup(path: "x-2.jpg") == nil)
        #expect(throws: DocFrameError.self) { try GroundTruthSet(folders: [root + "/missing"]) }

        // A folder named through a symlink (evaluation sets are often linked) is read the same,
        // and its items keep the linked name, so results under that name find them.
        try FileManager.default.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/test")
        let linked = try GroundTruthSet(folders: [root + "/linked", root + "/train"])
        #expect(linked.count == 3)
        #expect(linked.lookup(path: root + "/linked/x-1.jpg")?.orientation == 270)
    }

    @Test("the JSON report keeps DESIGN's measures and rates over the images with results")
    func jsonReport() throws {
        let gt = GroundTruthSet([Self.truth("a"), Self.truth("b")])
        let report = Evaluator(groundTruth: gt).evaluate([EvaluatedResult(path: "a.jpg", templateId: nil)])
        let json = report.json()
        #expect(json.member("missingResults")?.numberValue == 1)
        let overall = try #require(json.member("overall"))
        #expect(overall.member("labelSideAccuracy")?.numberValue == 0)
        #expect(overall.member("negativesRejected")?.isNull == true)
        #expect(overall.member("cornersWithin5pct")?.numberValue == 0)
        // Round trip through the parser.
        #expect(try JSONValue(parsing: json.rendered()) == json)
        #expect(report.text().contains("overall"))
    }

    @Test("the JSON reader keeps key order and reads escapes, numbers and nesting; junk is an error")
    func jsonReader() throws {
        let value = try JSONValue(parsing: #" {"b": 1, "a": [true, false, null, -2.5e2, "x\"y\u00e9\n"], "c": {"d": []}} "#)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == ["b", "a", "c"])
        #expect(value.member("a")?.arrayValue == [.bool(true), .bool(false), .null, .number(-250), .string("x\"y\u{e9}\n")])
        #expect(value.member("c")?.member("d")?.arrayValue == [])
        #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == .string("\u{1F600}"))
        for junk in ["", "{", "[1,]", "{\"a\" 1}", "tru", "1 2", "\"open", "{\"a\": 1,}"] {
            #expect(throws: DocFrameError.self, "\(junk)") { try JSONValue(parsing: junk) }
        }
    }
}
