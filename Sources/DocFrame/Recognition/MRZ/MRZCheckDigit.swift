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
        var sum = 0
        for (i, ch) in text.enumerated() {
            guard let v = value(of: ch) else { return nil }
            sum += v * weight(at: i)
        }
        return sum % 10
    }

    /// The weight of the `index`th character (from 0): 7, 3, 1 repeating.
    @inline(__always)
    static func weight(at index: Int) -> Int {
        switch index % 3 {
        case 0: 7
        case 1: 3
        default: 1
        }
    }
}
