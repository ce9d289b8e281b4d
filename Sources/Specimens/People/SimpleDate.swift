/// A calendar date without time zone, for the dates printed on documents.
public struct SimpleDate: Sendable, Equatable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(_ year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The reference "today" of every render: fixed, so that a seed renders the same document
    /// whatever the day (births lie before it, expiries after it).
    public static let reference = SimpleDate(2026, 12, 1)

    public static func < (a: SimpleDate, b: SimpleDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func daysIn(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The same day `years` later (29 February becomes 28 February in common years).
    public func adding(years: Int) -> SimpleDate {
        SimpleDate(year + years, month, min(day, SimpleDate.daysIn(year + years, month)))
    }

    /// A uniformly drawn date with year in `years`.
    static func random(years: ClosedRange<Int>, _ rng: inout SeededRandom) -> SimpleDate {
        let y = rng.int(years), m = rng.int(1...12)
        return SimpleDate(y, m, rng.int(1...daysIn(y, m)))
    }

    private func pad(_ n: Int, _ width: Int = 2) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    /// `1984-03-07`: the form sidecars use.
    public var iso: String { "\(pad(year, 4))-\(pad(month))-\(pad(day))" }
    /// `840307`: the MRZ form.
    public var mrz: String { pad(year % 100) + pad(month) + pad(day) }
    /// `1984/03/07`: Canadian licences.
    public var slashed: String { "\(pad(year, 4))/\(pad(month))/\(pad(day))" }
    /// `07.03.1984`
    public var dotted: String { "\(pad(day)).\(pad(month)).\(pad(year, 4))" }

    static let monthsEnglish = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
    static let monthsFrench = ["JAN", "FÉV", "MARS", "AVR", "MAI", "JUIN", "JUIL", "AOÛT", "SEPT", "OCT", "NOV", "DÉC"]

    /// `07 MAR/MARS 1984`: bilingual passport and PR-card style.
    public var bilingual: String {
        let en = SimpleDate.monthsEnglish[month - 1], fr = SimpleDate.monthsFrench[month - 1]
        return "\(pad(day)) \(en == fr ? en : en + "/" + fr) \(pad(year, 4))"
    }

    /// `07 MAR 1984`
    public var spelled: String { "\(pad(day)) \(SimpleDate.monthsEnglish[month - 1]) \(pad(year, 4))" }
}
