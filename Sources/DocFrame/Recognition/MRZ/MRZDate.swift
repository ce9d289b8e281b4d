import Foundation

/// MRZ dates (`YYMMDD`) with the century resolved: a birth date lies in the past, an expiry
/// date at most 20 years ahead (passports run 10 years, some ID cards longer).
enum MRZDate {
    enum Kind: Sendable {
        case birth
        case expiry
    }

    /// `YYYY-MM-DD`, or nil when `text` is not six digits forming a real calendar date.
    static func resolve(_ text: String, as kind: Kind, reference: Date) -> String? {
        let digits = text.compactMap { $0.wholeNumberValue }
        guard text.count == 6, digits.count == 6 else { return nil }
        let yy = digits[0] * 10 + digits[1]
        let month = digits[2] * 10 + digits[3]
        let day = digits[4] * 10 + digits[5]
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: 2000 + yy) else { return nil }

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let now = calendar.dateComponents([.year, .month, .day], from: reference)
        let today = (now.year ?? 2000) * 10000 + (now.month ?? 1) * 100 + (now.day ?? 1)
        var year = 2000 + yy
        switch kind {
        case .birth:
            if year * 10000 + month * 100 + day > today { year -= 100 }
        case .expiry:
            if year * 10000 + month * 100 + day > today + 20 * 10000 { year -= 100 }
        }
        // 29 February of a century year that is not a leap year.
        guard day <= daysIn(month: month, year: year) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Whether `text` can be an MRZ date: six digits forming a real calendar date, where ICAO
    /// 9303 lets an unknown month or day (or both) be `<<`.
    static func isPlausible(_ text: String) -> Bool {
        let c = Array(text)
        guard c.count == 6 else { return false }
        func number(_ i: Int) -> Int? {
            guard let a = c[i].wholeNumberValue, let b = c[i + 1].wholeNumberValue else { return nil }
            return a * 10 + b
        }
        func unknown(_ i: Int) -> Bool { c[i] == "<" && c[i + 1] == "<" }
        guard number(0) != nil else { return false }
        let month = number(2), day = number(4)
        if month == nil && !unknown(2) || day == nil && !unknown(4) { return false }
        if let month, !(1...12).contains(month) { return false }
        if let day {
            // Any year: 29 February is checked where the century is resolved.
            let longest = month.map { daysIn(month: $0, year: 2000) } ?? 31
            guard day >= 1, day <= longest else { return false }
        }
        return true
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
