/// Draws a `Person` from a seeded stream, with a place of residence in the given jurisdiction.
public enum PersonGenerator {
    /// Where the person lives, for the address block.
    public struct Locale: Sendable {
        var cities: [String]
        var province: String
        /// A postal code from a random stream.
        var postalCode: @Sendable (inout SeededRandom) -> String
        var french: Bool
    }

    static func canadian(_ province: String, cities: [String], firstLetters: String, french: Bool = false) -> Locale {
        Locale(cities: cities, province: province, postalCode: { rng in
            let l = "ABCEGHJKLMNPRSTVWXYZ"
            return "\(rng.string(1, from: firstLetters))\(rng.digits(1))\(rng.string(1, from: l)) "
                + "\(rng.digits(1))\(rng.string(1, from: l))\(rng.digits(1))"
        }, french: french)
    }

    public static let ontario = canadian("ON", cities: ["TORONTO", "OTTAWA", "MISSISSAUGA", "HAMILTON", "LONDON", "KINGSTON", "SUDBURY", "WINDSOR"], firstLetters: "KLMNP")
    public static let quebec = canadian("QC", cities: ["MONTRÉAL", "QUÉBEC", "LAVAL", "GATINEAU", "SHERBROOKE", "TROIS-RIVIÈRES", "LÉVIS"], firstLetters: "GHJ", french: true)
    public static let britishColumbia = canadian("BC", cities: ["VANCOUVER", "VICTORIA", "SURREY", "BURNABY", "KELOWNA", "KAMLOOPS", "NANAIMO"], firstLetters: "V")
    public static let alberta = canadian("AB", cities: ["CALGARY", "EDMONTON", "RED DEER", "LETHBRIDGE", "MEDICINE HAT", "GRANDE PRAIRIE", "BANFF"], firstLetters: "T")
    public static let novaScotia = canadian("NS", cities: ["HALIFAX", "DARTMOUTH", "SYDNEY", "TRURO", "LUNENBURG", "ANTIGONISH", "YARMOUTH"], firstLetters: "B")
    public static let manitoba = canadian("MB", cities: ["WINNIPEG", "BRANDON", "STEINBACH", "THOMPSON", "PORTAGE LA PRAIRIE", "SELKIRK", "DAUPHIN"], firstLetters: "R")
    public static let canada = canadian("ON", cities: ["TORONTO", "OTTAWA", "CALGARY", "WINNIPEG", "HALIFAX", "EDMONTON"], firstLetters: "KMTR")

    public static func make(_ rng: inout SeededRandom, locale: Locale, age: ClosedRange<Int> = 18...82,
                            issuedWithinYears: Int = 4, minimumIssueAge: Int = 16) -> Person {
        let female = rng.chance(0.5)
        let sex = rng.chance(0.02) ? "X" : (female ? "F" : "M")
        let pool = female ? NameLists.femaleNames : NameLists.maleNames
        var given = rng.pick(pool)
        if rng.chance(0.45) {
            var second = rng.pick(pool)
            if second == given { second = rng.pick(pool) }
            if second != given { given += " " + second }
        }
        let surname = rng.pick(NameLists.surnames)
        let ref = SimpleDate.reference
        let birth = SimpleDate.random(years: (ref.year - age.upperBound)...(ref.year - age.lowerBound - 1), &rng)
        // Issued in the last few years, never before the minimum age nor before birth, always before today.
        var issue = SimpleDate.random(years: (ref.year - issuedWithinYears)...(ref.year - 1), &rng)
        let earliest = birth.adding(years: minimumIssueAge)
        if issue < earliest {
            issue = earliest < ref ? earliest : SimpleDate(ref.year, ref.month, 1).adding(years: -1)
        }
        if issue < birth { issue = birth }
        let street: String
        if locale.french {
            street = "\(rng.int(1...9999)) \(rng.pick(NameLists.frenchStreets))"
        } else {
            street = "\(rng.int(1...9999)) \(rng.pick(NameLists.streetNames)) \(rng.pick(NameLists.streetKinds))"
        }
        let city = rng.pick(locale.cities)
        let postal = locale.postalCode(&rng)
        let height = female ? rng.int(152...180) : rng.int(162...195)
        return Person(surname: surname, givenNames: given, sex: sex, birthDate: birth, issueDate: issue,
                      street: street, city: city + ", " + locale.province, postalCode: postal, heightCm: height,
                      eyes: rng.pick(NameLists.eyeColours), appearanceSeed: rng.next())
    }

    /// The expiry for a document issued at `issue` valid `years`, made to fall after the reference
    /// date (renewed cards), and on the birthday for licences that expire on birthdays.
    public static func expiry(issue: SimpleDate, years: Int, birthday: SimpleDate? = nil) -> SimpleDate {
        var e = issue.adding(years: years)
        if let b = birthday { e = SimpleDate(e.year, b.month, min(b.day, SimpleDate.daysIn(e.year, b.month))) }
        while e <= SimpleDate.reference { e = e.adding(years: 1) }
        return e
    }
}
