/// The look of one issuing state's passport data page: fictional states with ICAO-style codes,
/// each with its own palette, second language, line work and crest.
struct PassportStyle: Sendable {
    enum Pattern: Sendable { case rosettes, waves, spirographs, fans }
    /// How the title is set: under a rule, in a solid band, centred in a framed page, or beside a side bar.
    enum Header: Sendable { case rule, band, framed, sideBar }

    let code: String
    let stateName: String
    /// The nationality as the page prints it.
    let demonym: String
    /// The page title in English and the state's second language.
    let title: (String, String)
    /// Field captions in the second language, by field key.
    let captions: [String: String]
    let primary: RGBA
    let accent: RGBA
    let paper: (RGBA, RGBA)
    let pattern: Pattern
    let header: Header
    let crest: Int
    /// Makes a passport number from a random stream.
    let number: @Sendable (inout SeededRandom) -> String
    /// Whether the state fills the personal-number (optional data) field of the MRZ.
    let personalNumber: Bool
    let places: [String]
    let authority: String

    static let all: [PassportStyle] = [utopia, zandoria, valdoria, orvania]

    static let utopia = PassportStyle(
        code: "UTO", stateName: "UTOPIA", demonym: "UTOPIAN", title: ("PASSPORT", "PASSEPORT"),
        captions: ["type": "Type", "code": "Code", "number": "No. du passeport", "surname": "Nom",
                   "given": "Prénoms", "nationality": "Nationalité", "birth": "Date de naissance", "sex": "Sexe",
                   "place": "Lieu de naissance", "issue": "Date de délivrance", "authority": "Autorité",
                   "expiry": "Date d'expiration", "personal": "No. personnel", "signature": "Signature du titulaire"],
        primary: RGBA(24, 42, 96), accent: RGBA(150, 30, 50), paper: (RGBA(236, 240, 250), RGBA(246, 232, 236)),
        pattern: .rosettes, header: .rule, crest: 0,
        number: { rng in rng.letters(1) + rng.digits(6) + rng.letters(1) + rng.digits(1) },
        personalNumber: true, places: ["ZENITH CITY", "NORTH HAVEN", "ARCADIA", "LUMEN BAY", "ELYSIA"],
        authority: "MINISTRY OF FOREIGN AFFAIRS")

    static let zandoria = PassportStyle(
        code: "ZAN", stateName: "REPUBLIC OF ZANDORIA", demonym: "ZANDORIAN", title: ("PASSPORT", "PASAPORTE"),
        captions: ["type": "Tipo", "code": "Código", "number": "Pasaporte N°", "surname": "Apellidos",
                   "given": "Nombres", "nationality": "Nacionalidad", "birth": "Fecha de nacimiento", "sex": "Sexo",
                   "place": "Lugar de nacimiento", "issue": "Fecha de expedición", "authority": "Autoridad",
                   "expiry": "Fecha de caducidad", "personal": "N° personal", "signature": "Firma del titular"],
        primary: RGBA(18, 92, 54), accent: RGBA(196, 150, 40), paper: (RGBA(234, 244, 230), RGBA(250, 246, 226)),
        pattern: .waves, header: .band, crest: 1,
        number: { rng in rng.letters(2) + rng.digits(7) },
        personalNumber: false, places: ["PUERTO ZANDO", "SAN ALBERO", "VILLA CLARA", "MONTEVERDE", "RIO DORADO"],
        authority: "DIRECCIÓN DE MIGRACIÓN")

    static let valdoria = PassportStyle(
        code: "VAL", stateName: "KINGDOM OF VALDORIA", demonym: "VALDORIAN", title: ("PASSPORT", "PASSAPORTO"),
        captions: ["type": "Tipo", "code": "Codice", "number": "Passaporto N.", "surname": "Cognome",
                   "given": "Nome", "nationality": "Cittadinanza", "birth": "Data di nascita", "sex": "Sesso",
                   "place": "Luogo di nascita", "issue": "Data di rilascio", "authority": "Autorità",
                   "expiry": "Data di scadenza", "personal": "Codice personale", "signature": "Firma del titolare"],
        primary: RGBA(84, 36, 110), accent: RGBA(190, 140, 50), paper: (RGBA(244, 236, 248), RGBA(236, 232, 246)),
        pattern: .spirographs, header: .framed, crest: 2,
        number: { rng in rng.digits(9) },
        personalNumber: true, places: ["VALDORA", "CASTELMARE", "SAN VITO", "ROCCABELLA", "PORTO ALTO"],
        authority: "MINISTERO DEGLI ESTERI")

    static let orvania = PassportStyle(
        code: "ORV", stateName: "FEDERATION OF ORVANIA", demonym: "ORVANIAN", title: ("PASSPORT", "REISEPASS"),
        captions: ["type": "Typ", "code": "Kode", "number": "Pass-Nr.", "surname": "Name",
                   "given": "Vornamen", "nationality": "Staatsangehörigkeit", "birth": "Geburtsdatum", "sex": "Geschlecht",
                   "place": "Geburtsort", "issue": "Ausstellungsdatum", "authority": "Behörde",
                   "expiry": "Gültig bis", "personal": "Personennummer", "signature": "Unterschrift"],
        primary: RGBA(0, 96, 110), accent: RGBA(214, 96, 30), paper: (RGBA(230, 244, 244), RGBA(248, 238, 226)),
        pattern: .fans, header: .sideBar, crest: 3,
        number: { rng in "C" + rng.string(8, from: "0123456789CFGHJKLMNPRTVWXYZ") },
        personalNumber: false, places: ["ORVSTADT", "NEUBURG", "HALDEN", "EISENBACH", "KLARFELD"],
        authority: "BUNDESAMT ORVANIA")
}
