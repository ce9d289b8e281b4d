import Foundation
import Specimens
import Testing
@testable import DocFrame

/// Whole documents: the team's rendered specimens (Specimens) and passports of states the
/// specimens and TrainingData do not have.
@Suite("MRZ on documents")
struct MRZDocumentTests {
    let reader = try! MRZReader(parser: MRZParser(referenceDate: MRZParserTests.today))

    @Test("a permanent resident card's back yields its TD1 MRZ", arguments: [1, 2, 3] as [UInt64])
    func permanentResidentBack(seed: UInt64) throws {
        let specimen = try SpecimenRenderer.render(design: "ca-pr", side: .back, seed: seed)
        let expected = try #require(specimen.mrz)
        let result = try #require(try reader.read(in: Image(encoded: specimen.png)))
        #expect(result.format == .td1)
        #expect(result.lines == expected)
        #expect(result.valid)
        // An ID card is not a passport, whatever its MRZ says.
        #expect(PassportRule.identity(for: result) == nil)
    }

    @Test("the team's passport specimens are passports of their issuing state", arguments: ["passport-uto", "passport-zan", "passport-val", "passport-orv"])
    func passportSpecimens(design: String) throws {
        let specimen = try SpecimenRenderer.render(design: design, side: .front, seed: 11)
        let read = try #require(try reader.readPassport(in: Image(encoded: specimen.png),
                                                       pageAspectRatio: Double(specimen.width) / Double(specimen.height)))
        #expect(read.mrz.lines == specimen.mrz)
        let identity = try #require(read.identity)
        #expect(identity.templateId == "passport" && identity.label.en == "Passport" && identity.kind == .passport)
        #expect(identity.side == .front && identity.policy == .accepted)
        #expect(identity.jurisdiction == specimen.design.jurisdiction)
    }

    @Test("a passport of a state absent from TrainingData is labelled Passport, flat or photographed", arguments: ["NLD", "D<<", "KOR"])
    func unknownState(state: String) throws {
        var random = MRZTestDocuments.Random(seed: UInt64(state.unicodeScalars.first!.value))
        let lines = MRZTestDocuments.lines(.td3, state: state, random: &random)
        let page = MRZTestDocuments.page(lines, format: .td3, title: "PASPOORT")
        let flat = try page.image()
        let photo = try MRZTestDocuments.capture(of: page, random: &random, fill: 0.7).image()
        for image in [flat, photo] {
            let read = try #require(try reader.readPassport(in: image))
            #expect(read.mrz.valid)
            let identity = try #require(read.identity)
            #expect(identity.label.en == "Passport" && identity.label.es == "Pasaporte" && identity.label.fr == "Passeport")
            #expect(identity.jurisdiction == state.replacingOccurrences(of: "<", with: ""))
            #expect(identity.confidence > 0.9)
        }
    }

    @Test("page shape: a TD3 MRZ on a page of another shape is not a passport by rule")
    func pageShape() throws {
        let mrz = try #require(MRZParser(referenceDate: MRZParserTests.today)
            .parse(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]))
        #expect(PassportRule.identity(for: mrz, pageAspectRatio: 1476.0 / 1039.0)?.jurisdiction == "UTO")
        #expect(PassportRule.identity(for: mrz, pageAspectRatio: 1012.0 / 638.0) == nil)
        #expect(PassportRule.identity(for: mrz, pageAspectRatio: 638.0 / 1012.0) == nil, "an ID-1 card standing")
        // The open booklet held upright: the photo page under the page facing it.
        #expect(PassportRule.identity(for: mrz, pageAspectRatio: 1476.0 / (2 * 1039.0))?.jurisdiction == "UTO")
        // A visa (document code V) is not a passport.
        let visa = try #require(MRZParser().parse(["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX4009078F96121096ZE184226B<<<<<<"]))
        #expect(visa.valid && PassportRule.identity(for: visa) == nil)
    }
}
