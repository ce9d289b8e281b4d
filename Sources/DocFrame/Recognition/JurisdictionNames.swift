/// The names of the provinces, territories and states a document's header may carry, by ISO
/// 3166-2 code: a header that names another jurisdiction than a template's is another issuer's
/// document, however many of the template's other words it shares ("DRIVER'S LICENCE").
///
/// Why: a province without a template often prints its licence on a layout like a built-in
/// one's, and its keypoints verify against that template by chance. Its title is then often read
/// only in part, too unsure for `HeaderReading.isClear`, but a province's name of six letters or
/// more read whole is no chance misreading (a generated Alberta licence read "ALBERTA VAIVER OO
/// LILENLE" at 0.53 and was named Ontario's at 0.75).
enum JurisdictionNames {
    /// Names in upper case without diacritics; names shorter than six letters (Iowa, Ohio, Utah,
    /// Texas, Idaho, Maine, Yukon) are left out: a few letters of OCR noise match them by chance.
    static let names: [String: [String]] = [
        "CA-AB": ["ALBERTA"], "CA-BC": ["BRITISH COLUMBIA"], "CA-MB": ["MANITOBA"], "CA-NB": ["NEW BRUNSWICK", "NOUVEAU BRUNSWICK"],
        "CA-NL": ["NEWFOUNDLAND", "LABRADOR", "TERRE NEUVE"], "CA-NS": ["NOVA SCOTIA", "NOUVELLE ECOSSE"],
        "CA-NT": ["NORTHWEST TERRITORIES", "TERRITOIRES DU NORD OUEST"], "CA-NU": ["NUNAVUT"], "CA-ON": ["ONTARIO"],
        "CA-PE": ["PRINCE EDWARD ISLAND", "ILE DU PRINCE EDOUARD"], "CA-QC": ["QUEBEC"], "CA-SK": ["SASKATCHEWAN"],
        "US-AL": ["ALABAMA"], "US-AK": ["ALASKA"], "US-AZ": ["ARIZONA"], "US-AR": ["ARKANSAS"], "US-CA": ["CALIFORNIA"],
        "US-CO": ["COLORADO"], "US-CT": ["CONNECTICUT"], "US-DE": ["DELAWARE"], "US-FL": ["FLORIDA"], "US-GA": ["GEORGIA"],
        "US-HI": ["HAWAII"], "US-IL": ["ILLINOIS"], "US-IN": ["INDIANA"], "US-KS": ["KANSAS"], "US-KY": ["KENTUCKY"],
        "US-LA": ["LOUISIANA"], "US-MD": ["MARYLAND"], "US-MA": ["MASSACHUSETTS"], "US-MI": ["MICHIGAN"], "US-MN": ["MINNESOTA"],
        "US-MS": ["MISSISSIPPI"], "US-MO": ["MISSOURI"], "US-MT": ["MONTANA"], "US-NE": ["NEBRASKA"], "US-NV": ["NEVADA"],
        "US-NH": ["NEW HAMPSHIRE"], "US-NJ": ["NEW JERSEY"], "US-NM": ["NEW MEXICO"], "US-NY": ["NEW YORK"],
        "US-NC": ["NORTH CAROLINA"], "US-ND": ["NORTH DAKOTA"], "US-OK": ["OKLAHOMA"], "US-OR": ["OREGON"],
        "US-PA": ["PENNSYLVANIA"], "US-RI": ["RHODE ISLAND"], "US-SC": ["SOUTH CAROLINA"], "US-SD": ["SOUTH DAKOTA"],
        "US-TN": ["TENNESSEE"], "US-VT": ["VERMONT"], "US-VA": ["VIRGINIA"], "US-WA": ["WASHINGTON"], "US-WV": ["WEST VIRGINIA"],
        "US-WI": ["WISCONSIN"], "US-WY": ["WYOMING"],
    ]

    /// Names, as the letters a header reading is searched for (spaces and punctuation dropped).
    static let letters: [(code: String, name: [Character])] = names.flatMap { code, list in
        list.map { (code, Array($0.filter(\.isLetter))) }
    }.sorted { $0.code < $1.code }
}
