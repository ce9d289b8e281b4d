import Foundation
import Testing
@testable import DocFrame

/// A header that names another province or state than a template's is another issuer's document
/// (`JurisdictionNames`), even read too unsurely to be clear: the unknown provinces' licences that
/// verify against a built-in template on chance keypoints.
@Suite("Header naming another jurisdiction")
struct OtherJurisdictionTests {
    @Test("an unsure reading that names another province contradicts the template; its own name or none does not")
    func namesAnotherProvince() {
        // Read on a generated Alberta licence where Ontario's licence title sits (0.53: not clear).
        let alberta = HeaderReading(text: "| ALBERTA VAIVER OO LILENLE", confidence: 0.53)
        #expect(!alberta.isClear && !alberta.contradicts("LICENCE ONTARIO PERMIS DE CONDUIRE"))
        #expect(alberta.namesOtherJurisdiction(than: "CA-ON"))
        #expect(!alberta.namesOtherJurisdiction(than: "CA-AB"))
        #expect(HeaderReading(text: "NOVA SC0TIA IDENTIFICATION", confidence: 0.4).namesOtherJurisdiction(than: "CA-ON"))
        #expect(HeaderReading(text: "MANITQBA HEALTH", confidence: 0.4).namesOtherJurisdiction(than: "CA-QC"), "one letter misread")
        #expect(HeaderReading(text: "WASHINGTON DRIVER LICENSE", confidence: 0.5).namesOtherJurisdiction(than: "CA"))
        // The template's own name, a partial title, and fragments name nothing else.
        #expect(!HeaderReading(text: "LICENCE 0NTARI0 PERMIS", confidence: 0.5).namesOtherJurisdiction(than: "CA-ON"))
        #expect(!HeaderReading(text: "QUEBEC PERMIS DE CONDUIRE", confidence: 0.8).namesOtherJurisdiction(than: "CA-QC"))
        #expect(!HeaderReading(text: "SLA VAIVER OO LILETES", confidence: 0.48).namesOtherJurisdiction(than: "CA-ON"))
        #expect(!HeaderReading(text: "YUMA DD TD | CC", confidence: 0.38).namesOtherJurisdiction(than: "CA-ON"))
        // Six-letter names must be read whole: a letter off is noise.
        #expect(!HeaderReading(text: "QUEBAC", confidence: 0.5).namesOtherJurisdiction(than: "CA-ON"))
    }

    @Test("a blurred header read as a long string of unsure guesses names no jurisdiction by a near or partial match; a name read whole as words still counts")
    func garbledReadingNamesNobodyByChance() {
        // Read in the header region of a motion-blurred British Columbia licence back (dev
        // capture, render seed 3205): "INDIAN AIA", spaces dropped, is Indiana's name, and
        // "INDIAN" a piece of it; the card, unmistakable at a glance, was refused as Indiana's.
        let blurred = HeaderReading(text: "GE NY ON SE NL EO TS ME BE PE EKE PAK POE TEMS I SC INDIAN AIA ATT OA IT SORE EE OF AA IY I EPH IY ET NEC DI AI SIL TI A SIGE TIT KL WE ORE EI NR ANE OT TOES HEH, TSE, NS SEE) AE",
                                    confidence: 0.21)
        let columbia = "BRITISH COLUMBIA DRIVER'S LICENCE"
        #expect(blurred.isGarbled)
        #expect(blurred.namedJurisdictions.isEmpty, "\(blurred.namedJurisdictions)")
        #expect(!blurred.namesOtherJurisdiction(than: "CA-BC"))
        #expect(!blurred.namesInPartOtherJurisdiction(than: "CA-BC", expected: columbia))
        // As long and unsure, but naming a province in words of its own: still that province.
        let named = HeaderReading(text: "EE OE AE EH A RE RES BS FA RAE PRI HE ANT FOLD AD BETA BR SO SS EG TENE RIN ALBERTA EE PO TE TE PLE EE PT EE PT EE",
                                  confidence: 0.3)
        #expect(named.isGarbled)
        #expect(named.namesOtherJurisdiction(than: "CA-BC"))
        #expect(HeaderReading(text: "AA EE OE BS NOVA SCO TIA HEH TSE NS SEE AE TIT KL WE ORE EI NR ANE OT TOES EE PT EE PT EE OE AE EH",
                              confidence: 0.3).namedJurisdictions == ["CA-NS"], "a name split by OCR is still whole")
        // A short unsure reading keeps its misread letter (the generated Alberta licence above).
        #expect(!HeaderReading(text: "| ALBERTA VAIVER OO LILENLE", confidence: 0.53).isGarbled)
        #expect(HeaderReading(text: "MANITQBA HEALTH", confidence: 0.4).namesOtherJurisdiction(than: "CA-QC"))
    }

    @Test("a header crop that cuts another province's name still names it; the template's own words and noise do not")
    func namesAnotherProvinceInPart() {
        // Read on an unseen Nova Scotia ID front where Manitoba's health card title would be.
        let cut = HeaderReading(text: "\"VA SCOT. AS!) SE GT, LE", confidence: 0.38)
        let manitoba = "MANITOBA HEALTH SANTE MANITOBA"
        #expect(!cut.namesOtherJurisdiction(than: "CA-MB"))
        #expect(cut.namesInPartOtherJurisdiction(than: "CA-MB", expected: manitoba))
        #expect(!cut.namesInPartOtherJurisdiction(than: "CA-NS", expected: "NOVA SCOTIA IDENTIFICATION CARD"))
        // A piece of the template's own title, fragments shorter than six letters, garbage.
        #expect(!HeaderReading(text: "NITOBA HEAL", confidence: 0.4).namesInPartOtherJurisdiction(than: "CA-MB", expected: manitoba))
        #expect(!HeaderReading(text: "VA SCO LE", confidence: 0.4).namesInPartOtherJurisdiction(than: "CA-MB", expected: manitoba))
        #expect(!HeaderReading(text: "ONTARI0 DRIVER'S LICENCE", confidence: 0.6)
            .namesInPartOtherJurisdiction(than: "CA-ON", expected: "ONTARIO DRIVER'S LICENCE PERMIS DE CONDUIRE"))
    }

    @Test("no built-in template's own header text names another jurisdiction than its own")
    func builtInHeadersNameOnlyTheirOwn() throws {
        let templates = RecognitionFixtures.builtIn.catalog.templates
        #expect(templates.count >= 12)
        for t in templates {
            guard let text = t.region("header")?.text else { continue }
            let reading = HeaderReading(text: text, confidence: 0.9)
            let named = reading.namedJurisdictions
            #expect(named.subtracting([t.jurisdiction]).isEmpty, "\(t.id): \(named)")
            // Nor a piece of one (against another template's title: its own pieces are exempt).
            #expect(!reading.namesInPartOtherJurisdiction(than: t.jurisdiction, expected: ""), "\(t.id)")
        }
    }

    @Test("a held-out Alberta licence whose keypoints verify against Ontario's licence gives no document")
    func albertaLicence() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("TrainingData/negatives/ca-ab-dl-front-1-1.jpg").path
        let observation = try RecognitionFixtures.builtIn.observe(try Image(contentsOfFile: path))
        #expect(observation.document == nil, "\(observation.document?.templateId ?? "")")
        #expect(observation.corners != nil, "the card is still located")
    }

    @Test("an Alberta licence whose title is read only where its own outline puts it gives no document, not Ontario's by the whole-frame pass")
    func albertaTitleReadOnTheOutline() throws {
        // scripts/evaluate-holdout's capture (seed 102, JPEG quality 15): through the Ontario
        // photo card's 10-inlier homography the title read "ALDDERTA DRIVER'S LICE" (no name),
        // on the outline "ALBERTA DRIVER'S LICENC"; the whole-frame pass then named Ontario's
        // licence at 0.67 on 14 chance inliers.
        let capture = try RecognitionFixtures.capture("ca-ab-dl-front-102-3.jpg", in: "unseen")
        let observation = try RecognitionFixtures.observe(capture)
        #expect(observation.document == nil, "named \(observation.document?.templateId ?? "") \(observation.document?.confidence ?? 0)")
        let corners = try #require(observation.corners, "the card is still located")
        let truth = try #require(capture.corners)
        #expect(RecognitionFixtures.cornerError(corners, truth) < 0.05)
    }
}
