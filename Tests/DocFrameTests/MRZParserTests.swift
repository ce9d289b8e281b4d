import Foundation
import Testing
@testable import DocFrame

/// The ICAO 9303 examples shipped in ../shared/mrz (some deliberately broken: wrong lengths).
struct ICAOExamples: Decodable {
    struct Full: Decodable {
        var description: String
        var lines: [String]
        var format: String
        var all_check_digits_valid: Bool
    }
    struct Name: Decodable {
        var upper_line: String?
        var lower_line: String?
        var length_ok: Bool
    }
    struct CheckDigit: Decodable {
        var field: String
        var expected: String
    }
    var full_mrz_examples: [Full]
    var name_field_examples: [Name]
    var check_digit_worked_examples: [CheckDigit]

    static func load() throws -> ICAOExamples {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("../shared/mrz/icao9303-examples.json").standardizedFileURL
        return try JSONDecoder().decode(ICAOExamples.self, from: Data(contentsOf: url))
    }
}

@Suite("MRZ parsing and check digits")
struct MRZParserTests {
    /// Fixed "today" so century resolution is reproducible.
    static let today = ISO8601DateFormatter().date(from: "2026-12-02T12:00:00Z")!
    let parser = MRZParser(referenceDate: MRZParserTests.today)

    @Test("every well-formed ICAO example parses valid in its format; malformed ones are refused")
    func icaoExamples() throws {
        let examples = try ICAOExamples.load()
        var parsed = 0
        for example in examples.full_mrz_examples {
            let expectedFormat: MRZResult.Format? = switch example.format {
            case "TD1": .td1
            case "TD2", "MRVB": .td2
            case "TD3", "MRVA": .td3
            default: nil
            }
            let result = parser.parse(example.lines)
            guard let expectedFormat else {
                #expect(result == nil, "\(example.description) has no MRZ shape and must not parse")
                continue
            }
            let r = try #require(result, "\(example.description)")
            #expect(r.format == expectedFormat)
            #expect(r.valid == example.all_check_digits_valid, "\(example.description): \(r.checks)")
            parsed += 1
        }
        #expect(parsed >= 10)
    }

    @Test("ICAO check-digit worked examples")
    func checkDigits() throws {
        for example in try ICAOExamples.load().check_digit_worked_examples {
            #expect(MRZCheckDigit.compute(example.field) == Int(example.expected))
        }
    }

    @Test("TD3 specimen: fields, dates and every check")
    func td3Fields() throws {
        let r = try #require(parser.parse(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]))
        #expect(r.format == .td3 && r.valid)
        #expect(r.checks == ["documentNumber": true, "birthDate": true, "expiryDate": true, "optionalData": true, "composite": true])
        #expect(r.fields == ["documentType": "P", "issuingState": "UTO", "surname": "ERIKSSON", "givenNames": "ANNA MARIA",
                             "documentNumber": "L898902C3", "nationality": "UTO", "birthDate": "1974-08-12", "sex": "F",
                             "expiryDate": "2012-04-15", "optionalData": "ZE184226B"])
    }

    @Test("TD1 specimen: three lines, optional data on two lines, name on the third")
    func td1Fields() throws {
        let r = try #require(parser.parse(["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]))
        #expect(r.format == .td1 && r.valid)
        #expect(Set(r.checks.keys) == ["documentNumber", "birthDate", "expiryDate", "composite"])
        #expect(r.fields["documentType"] == "I")
        #expect(r.fields["documentNumber"] == "D23145890")
        #expect(r.fields["surname"] == "ERIKSSON" && r.fields["givenNames"] == "ANNA MARIA")
        #expect(r.fields["nationality"] == "UTO" && r.fields["sex"] == "F")
        #expect(r.fields["birthDate"] == "1974-08-12" && r.fields["expiryDate"] == "2012-04-15")
        #expect(r.fields["optionalData"] == "" && r.fields["optionalData2"] == "")
    }

    @Test("TD2 specimen")
    func td2Fields() throws {
        let r = try #require(parser.parse(["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"]))
        #expect(r.format == .td2 && r.valid)
        #expect(Set(r.checks.keys) == ["documentNumber", "birthDate", "expiryDate", "composite"])
        #expect(r.fields["documentNumber"] == "D23145890" && r.fields["issuingState"] == "UTO")
    }

    @Test("names: the primary identifier before <<, fillers as spaces, truncations kept")
    func names() throws {
        let examples = try ICAOExamples.load().name_field_examples
        #expect(examples.count > 20)
        for example in examples {
            if let upper = example.upper_line {
                let nameField = String(upper.dropFirst(5))
                let (surname, given) = MRZParser.names(nameField)
                #expect(!surname.contains("<") && !given.contains("<"))
                #expect(surname == nameField.components(separatedBy: "<<")[0].replacingOccurrences(of: "<", with: " "))
            }
        }
        #expect(MRZParser.names("VAN<DER<MUELLEN<<MARTIN<<<<<<<") == ("VAN DER MUELLEN", "MARTIN"))
        #expect(MRZParser.names("ARKFREITH<<<<<<<<<<<<<<<<<<<<<") == ("ARKFREITH", ""))
        #expect(MRZParser.names("SATRIYA<SUDARPA<<<<<<<<<<<<<<<") == ("SATRIYA SUDARPA", ""))
        #expect(MRZParser.names("NILAVADHANANANDA<<CHAYAPA<DE<K") == ("NILAVADHANANANDA", "CHAYAPA DE K"))
    }

    @Test("a wrong check digit in each checked field is caught, and only that check fails")
    func wrongCheckDigits() throws {
        let cases: [([String], [String: (Int, Int)])] = [
            (["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"],
             ["documentNumber": (1, 9), "birthDate": (1, 19), "expiryDate": (1, 27), "optionalData": (1, 42), "composite": (1, 43)]),
            (["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"],
             ["documentNumber": (0, 14), "birthDate": (1, 6), "expiryDate": (1, 14), "composite": (1, 29)]),
            (["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"],
             ["documentNumber": (1, 9), "birthDate": (1, 19), "expiryDate": (1, 27), "composite": (1, 35)]),
        ]
        for (lines, positions) in cases {
            for (key, p) in positions {
                var broken = lines.map(Array.init)
                let digit = broken[p.0][p.1].wholeNumberValue!
                broken[p.0][p.1] = Character(String((digit + 1) % 10))
                let r = try #require(parser.parse(broken.map { String($0) }))
                #expect(r.checks[key] == false, "\(key) in \(r.format)")
                #expect(!r.valid)
                // The field's check digit is itself covered by the composite.
                let failing = Set(r.checks.filter { !$0.value }.keys)
                #expect(failing == Set([key, "composite"]), "\(key): \(r.checks)")
            }
        }
    }

    @Test("any single misread digit or look-alike letter in a checked field fails validation")
    func singleMisreads() throws {
        let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        // Look-alike swaps the 7-3-1 weights can see (values differ by a non-multiple of 10).
        let swaps: [Character: Character] = ["0": "O", "O": "0", "1": "I", "I": "1", "5": "S", "S": "5", "8": "B", "B": "8", "2": "Z", "Z": "2"]
        let checked = Array(0..<28) + Array(28..<44)
        var tried = 0
        for i in checked where !(10..<13).contains(i) && i != 20 {
            var broken = Array(lines[1])
            let original = broken[i]
            var replacements: [Character] = []
            if let d = original.wholeNumberValue { replacements.append(Character(String((d + 3) % 10))) }
            if let s = swaps[original] { replacements.append(s) }
            for replacement in replacements {
                broken[i] = replacement
                let r = try #require(parser.parse([lines[0], String(broken)]))
                #expect(!r.valid, "position \(i): \(original) read as \(replacement)")
                tried += 1
            }
        }
        #expect(tried > 30)
    }

    @Test("TD1 document numbers longer than 9 characters overflow into the optional data")
    func td1Overflow() throws {
        // ICAO 9303 Part 5 4.2.4 note: D23145890734 (12 characters), check digit 9.
        var line1 = Array("I<UTOD23145890<7349<<<<<<<<<<<")
        var line2 = Array("7408122F1204159UTO<<<<<<<<<<<?")
        let composite = String(line1[5..<30]) + String(line2[0..<7]) + String(line2[8..<15]) + String(line2[18..<29])
        line2[29] = Character(String(MRZCheckDigit.compute(composite)!))
        #expect(MRZCheckDigit.compute("D23145890734") == 9)
        let r = try #require(parser.parse([String(line1), String(line2), "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]))
        #expect(r.valid, "\(r.checks)")
        #expect(r.fields["documentNumber"] == "D23145890734")
        #expect(r.fields["optionalData"] == "")
        // A wrong overflow check digit is caught.
        line1[18] = "8"
        let bad = try #require(parser.parse([String(line1), String(line2), "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]))
        #expect(bad.checks["documentNumber"] == false && !bad.valid)
    }

    @Test("a < check digit holds for empty TD3 optional data only")
    func fillerCheckDigit() throws {
        func td3(optional: String, check: Character) -> [String] {
            var line2 = Array("L898902C36UTO7408122F1204159" + optional + String(check) + "?")
            let composite = String(line2[0..<10]) + String(line2[13..<20]) + String(line2[21..<43])
            line2[43] = Character(String(MRZCheckDigit.compute(composite)!))
            return ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", String(line2)]
        }
        let empty = try #require(parser.parse(td3(optional: "<<<<<<<<<<<<<<", check: "<")))
        #expect(empty.valid && empty.checks["optionalData"] == true && empty.fields["optionalData"] == "")
        let emptyZero = try #require(parser.parse(td3(optional: "<<<<<<<<<<<<<<", check: "0")))
        #expect(emptyZero.valid)
        let filled = try #require(parser.parse(td3(optional: "ZE184226B<<<<<", check: "<")))
        #expect(filled.checks["optionalData"] == false && !filled.valid)
        // A document number check digit is never `<`.
        var lines = td3(optional: "<<<<<<<<<<<<<<", check: "<")
        lines[1] = String(lines[1].prefix(9)) + "<" + String(lines[1].dropFirst(10))
        #expect(parser.parse(lines)?.checks["documentNumber"] == false)
    }

    @Test("centuries: birth dates in the past, expiry dates up to 20 years ahead")
    func centuries() {
        let today = MRZParserTests.today
        #expect(MRZDate.resolve("740812", as: .birth, reference: today) == "1974-08-12")
        #expect(MRZDate.resolve("251130", as: .birth, reference: today) == "2025-11-30")
        #expect(MRZDate.resolve("261231", as: .birth, reference: today) == "1926-12-31")
        #expect(MRZDate.resolve("120415", as: .expiry, reference: today) == "2012-04-15")
        #expect(MRZDate.resolve("460101", as: .expiry, reference: today) == "2046-01-01")
        #expect(MRZDate.resolve("470101", as: .expiry, reference: today) == "1947-01-01")
        #expect(MRZDate.resolve("961210", as: .expiry, reference: today) == "1996-12-10")
        #expect(MRZDate.resolve("741312", as: .birth, reference: today) == nil)
        #expect(MRZDate.resolve("000229", as: .birth, reference: today) == "2000-02-29")
        #expect(MRZDate.resolve("010229", as: .birth, reference: today) == nil)
        #expect(MRZDate.resolve("7408<2", as: .birth, reference: today) == nil)
    }

    @Test("lines of the wrong shape or with foreign characters are refused")
    func badShapes() {
        #expect(parser.parse([]) == nil)
        #expect(parser.parse(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"]) == nil)
        #expect(parser.parse(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<1"]) == nil)
        #expect(parser.parse(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226b<<<<<10"]) == nil)
    }
}
