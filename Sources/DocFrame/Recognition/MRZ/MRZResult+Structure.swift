/// Whether a reading that failed its checks is still recognisably a machine-readable zone.
///
/// Why: the reader reports its best reading even when the check digits fail, so a caller can
/// show what was read and a passport page whose zone is half legible is still known for one.
/// But text lines of a letter or a receipt read with the MRZ model's alphabet come out as
/// zone-shaped garbage ("MOXIMMOXI<NG<YOUB..."), and check-digit-guided correction makes some
/// of its checks hold. Such a reading is no MRZ and must not be reported as one (its "fields"
/// would be noise presented as personal data).
extension MRZResult {
    /// ICAO 9303's document codes begin with these: passports, the three ID-card letters, visas.
    static let documentCodeLetters: Set<Character> = ["P", "I", "A", "C", "V"]

    /// A document code an MRZ may carry, an issuing state written in letters (one to three,
    /// filled with `<`; not checked against the list of codes, so a state unknown to DocFrame
    /// still reads), and at least one calendar date where the format puts the dates. By chance
    /// about 1 in 100 garbage lines passes; a zone with a misread here or there does.
    var hasZoneStructure: Bool {
        guard let code = lines.first?.first, Self.documentCodeLetters.contains(code) else { return false }
        guard let state = fields["issuingState"], !state.isEmpty, state.count <= 3,
              state.allSatisfy({ $0 >= "A" && $0 <= "Z" }) else { return false }
        return fields["birthDate"] != nil || fields["expiryDate"] != nil
    }
}
