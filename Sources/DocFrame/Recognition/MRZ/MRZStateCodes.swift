/// The three-letter codes an MRZ's issuing state and nationality may hold (ICAO 9303 Part 3):
/// ISO 3166-1 alpha-3, ICAO's own codes (Germany's `D`, the British variants, organisations,
/// refugees and stateless persons, the specimen `UTO`), and the fictional states of DocFrame's
/// own specimens. Used to repair a state code the OCR misread, never to reject one.
enum MRZStateCodes {
    static let iso3166 = "ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD BGR BHR BHS BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG COK COL COM CPV CRI CUB CUW CXR CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY HKG HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA JAM JEY JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL PRI PRK PRT PRY PSE PYF QAT REU ROU RUS RWA SAU SDN SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP SUR SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON TTO TUN TUR TUV TWN TZA UGA UKR UMI URY USA UZB VAT VCT VEN VGB VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE"

    static let icao = "D GBD GBN GBO GBP GBS RKS EUE UNO UNA UNK XOM XPO XCC XCE XCO XEC XES XIM XBA XDC XMP XXA XXB XXC XXX UTO"

    /// DocFrame's synthetic specimens (Sources/Specimens): Zandoria, Valdoria, Orvania.
    static let specimens = "ZAN VAL ORV"

    /// Every code, padded with `<` to three characters as the MRZ writes it.
    static let all: Set<String> = Set((iso3166 + " " + icao + " " + specimens).split(separator: " ").map {
        String($0).padding(toLength: 3, withPad: "<", startingAt: 0)
    })
}
