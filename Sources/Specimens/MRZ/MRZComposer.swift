import DocFrame

/// Composes machine-readable zones (ICAO 9303) with check digits from `MRZCheckDigit`.
public enum MRZComposer {
    /// Upper-case A-Z, digits and `<` only: accents dropped, apostrophes removed, spaces and
    /// hyphens turned into fillers (ICAO 9303 Part 3 transliteration, the common cases).
    public static func transliterate(_ text: String) -> String {
        var out = ""
        for ch in text.uppercased() {
            switch ch {
            case "À", "Á", "Â", "Ã", "Ä", "Å": out += "A"
            case "Ç": out += "C"
            case "È", "É", "Ê", "Ë": out += "E"
            case "Ì", "Í", "Î", "Ï": out += "I"
            case "Ñ": out += "N"
            case "Ò", "Ó", "Ô", "Õ": out += "O"
            case "Ö": out += "OE"
            case "Ù", "Ú", "Û": out += "U"
            case "Ü": out += "UE"
            case "'", ".", ",": break
            case " ", "-": out += "<"
            default:
                if ch.isASCII, ch.isLetter || ch.isNumber { out.append(ch) }
            }
        }
        return out
    }

    /// `text` padded with `<` (or cut) to exactly `length`.
    static func field(_ text: String, _ length: Int) -> String {
        let t = String(text.prefix(length))
        return t + String(repeating: "<", count: length - t.count)
    }

    /// `SURNAME<<GIVEN<NAMES` in `length` characters.
    public static func names(surname: String, given: String, length: Int) -> String {
        field(transliterate(surname) + "<<" + transliterate(given), length)
    }

    static func digit(_ text: String) -> String {
        // Every composed field is in the MRZ alphabet, so a check digit always exists.
        String(MRZCheckDigit.compute(text) ?? 0)
    }

    /// A TD3 (passport) zone: two lines of 44.
    public static func td3(documentCode: String = "P", issuingState: String, surname: String, givenNames: String,
                           documentNumber: String, nationality: String, birthDate: SimpleDate, sex: String,
                           expiryDate: SimpleDate, optionalData: String) -> [String] {
        let line1 = field(field(documentCode, 2) + issuingState + names(surname: surname, given: givenNames, length: 39), 44)
        let number = field(documentNumber, 9)
        let optional = field(transliterate(optionalData), 14)
        // An empty optional-data field may carry `<` as its check digit (ICAO 9303 Part 4).
        let optionalCheck = optional == String(repeating: "<", count: 14) ? "<" : digit(optional)
        let upper = number + digit(number) + field(nationality, 3) + birthDate.mrz + digit(birthDate.mrz)
            + field(sex == "X" ? "<" : sex, 1) + expiryDate.mrz + digit(expiryDate.mrz) + optional + optionalCheck
        let composite = String(upper.prefix(10)) + String(Array(upper)[13..<20]) + String(Array(upper)[21..<43])
        return [line1, upper + digit(composite)]
    }

    /// A TD1 (ID card) zone: three lines of 30.
    public static func td1(documentCode: String, issuingState: String, documentNumber: String, optional1: String = "",
                           birthDate: SimpleDate, sex: String, expiryDate: SimpleDate, nationality: String,
                           optional2: String = "", surname: String, givenNames: String) -> [String] {
        let number = field(documentNumber, 9)
        let line1 = field(documentCode, 2) + field(issuingState, 3) + number + digit(number) + field(optional1, 15)
        let line2Head = birthDate.mrz + digit(birthDate.mrz) + field(sex == "X" ? "<" : sex, 1) + expiryDate.mrz
            + digit(expiryDate.mrz) + field(nationality, 3) + field(optional2, 11)
        let l1 = Array(line1), l2 = Array(line2Head)
        let composite = String(l1[5..<30]) + String(l2[0..<7]) + String(l2[8..<15]) + String(l2[18..<29])
        let line3 = names(surname: surname, given: givenNames, length: 30)
        return [line1, line2Head + digit(composite), line3]
    }
}
