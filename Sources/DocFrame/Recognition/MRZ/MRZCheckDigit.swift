/// ICAO 9303 Part 3 check digits: character values (0-9, A=10 ... Z=35, `<`=0) weighted
/// 7, 3, 1 repeating, summed modulo 10.
public enum MRZCheckDigit {
    /// The value of one MRZ character, or nil for a character outside `A-Z 0-9 <`.
    public static func value(of character: Character) -> Int? {
        guard let ascii = character.asciiValue else { return nil }
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(ascii - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(ascii - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "<"): return 0
        default: return nil
        }
    }

    /// The check digit of `text`, or nil when it holds a character outside the MRZ alphabet.
    public static func compute<S: StringProtocol>(_ text: S) -> Int? {
        let weights = [7, 3, 1]
        var sum = 0
        for (i, ch) in text.enumerated() {
            guard let v = value(of: ch) else { return nil }
            sum += v * weights[i % 3]
        }
        return sum % 10
    }
}
