/// Whether a TD3 reading whose check digits mostly fail still has the unmistakable layout of a
/// passport's zone (ICAO 9303 part 4), so that the page carrying it is a passport although the
/// zone cannot be trusted for its data.
///
/// Blur, glare and small print cost a reading its check digits long before they cost it its
/// structure: the document code, the issuing state and nationality (letters from a short list),
/// the name field's `<<` separator and trailing `<` fill, and the dates' month and day ranges
/// survive many misread characters. Each is weak alone (the reader coerces every cell to its
/// character class, so a cell's class is no evidence), together they are not: text that is no
/// passport zone (a receipt's, a letter's, a card's lines read as 2 x 44) rarely starts with a
/// state code at position 2 and its nationality at position 10 of the next line.
enum PassportZoneShape {
    /// The structural features a reading has, out of `features.count`.
    struct Features: Equatable {
        /// Line 1 `P` then `<` or a letter (a national type letter), as a passport's code is.
        var documentCode: Bool
        /// The issuing state is a known ICAO code.
        var issuingState: Bool
        /// The nationality is a known ICAO code.
        var nationality: Bool
        /// Issuing state and nationality agree (they do on nearly every passport).
        var statesAgree: Bool
        /// The name field holds a surname, the `<<` separator and ends in `<` fill.
        var nameField: Bool
        /// Birth and expiry dates have months 01-12 and days 01-31.
        var dates: Bool
        /// Sex is `M`, `F` or `<`.
        var sex: Bool

        var count: Int {
            [documentCode, issuingState, nationality, statesAgree, nameField, dates, sex].filter { $0 }.count
        }
    }

    static func features(of mrz: MRZResult) -> Features? {
        guard mrz.format == .td3, mrz.lines.count == 2 else { return nil }
        let l1 = Array(mrz.lines[0]), l2 = Array(mrz.lines[1])
        guard l1.count == 44, l2.count == 44 else { return nil }
        let issuer = String(l1[2..<5]), nationality = String(l2[10..<13])
        let name = l1[5...]
        // Surname first (at least two letters), the separator after it, fill at the end.
        let nameField: Bool = {
            guard name.prefix(2).allSatisfy(\.isLetter), name.last == "<",
                  let separator = String(name).range(of: "<<") else { return false }
            return String(name).distance(from: String(name).startIndex, to: separator.lowerBound) >= 2
        }()
        func date(_ start: Int) -> Bool {
            guard let month = Int(String(l2[start + 2..<start + 4])), let day = Int(String(l2[start + 4..<start + 6])) else { return false }
            return (1...12).contains(month) && (1...31).contains(day)
        }
        return Features(documentCode: l1[0] == "P" && (l1[1] == "<" || l1[1].isLetter),
                        issuingState: MRZStateCodes.all.contains(issuer),
                        nationality: MRZStateCodes.all.contains(nationality),
                        statesAgree: issuer == nationality,
                        nameField: nameField,
                        dates: date(13) && date(21),
                        sex: "MF<".contains(l2[20]))
    }

    /// Whether `mrz` is a passport's zone by its structure: the document code and the issuing
    /// state (which names the jurisdiction) both right, and at least four of the other five
    /// features. By chance, a known code stands at one fixed place about once in 65 readings
    /// (about 270 codes among 17,576 letter triples), at two once in 4,000.
    static func isPassportZone(_ mrz: MRZResult) -> Bool {
        guard let f = features(of: mrz), f.documentCode, f.issuingState else { return false }
        return f.count >= 6
    }
}
