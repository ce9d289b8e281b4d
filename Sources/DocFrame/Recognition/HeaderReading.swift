import Foundation

/// What Tesseract read in a document's header region, compared with a template's header text
/// (`regions.header.text`): the evidence that tells look-alike templates apart (same artwork,
/// other title) and that unmasks another design whose keypoints happen to agree (another
/// province's "DRIVER'S LICENCE" shares most letter pairs with Ontario's title, but not its words).
struct HeaderReading: Sendable {
    /// The reading, upper-cased, diacritics removed.
    let text: String
    /// Tesseract's mean word confidence, 0...1.
    let confidence: Double

    init(text: String, confidence: Double) {
        self.text = HeaderReading.folded(text)
        self.confidence = confidence
    }

    /// Letters and digits read.
    var letterCount: Int { text.filter { $0.isLetter || $0.isNumber }.count }

    /// A reading clear enough that a template whose words it lacks is not the document: enough
    /// letters read with a confidence real text gets (a blurred or dark header reads as a few
    /// low-confidence fragments, which prove nothing either way).
    var isClear: Bool { letterCount >= HeaderReading.clearLetters && confidence >= HeaderReading.clearConfidence }
    static let clearLetters = 8
    static let clearConfidence = 0.6

    /// Share (by letters) of `expected`'s words of four or more letters found in the reading,
    /// each allowed a quarter of its letters misread (words of five letters or more), and found even where OCR ran words
    /// together or split them (the reading is searched with its spaces removed).
    func wordCoverage(of expected: String) -> Double {
        let words = HeaderReading.words(of: HeaderReading.folded(expected))
        let total = words.reduce(0) { $0 + $1.count }
        guard total > 0 else { return 0 }
        let read = text.filter { $0.isLetter || $0.isNumber }.map(HeaderReading.letterForm)
        var found = 0
        for w in words where HeaderReading.contains(read, approximately: w) { found += w.count }
        return Double(found) / Double(total)
    }

    /// Share (by letters) of the reading's own words of four or more letters that `expected`
    /// carries (same tolerance): low when the reading names something else ("ALBERTA"), high
    /// for a partial reading of the right header ("DES TRANSPORTS" of a longer title).
    func wordPrecision(against expected: String) -> Double {
        let words = HeaderReading.words(of: text)
        let total = words.reduce(0) { $0 + $1.count }
        guard total > 0 else { return 0 }
        let carried = HeaderReading.folded(expected).filter { $0.isLetter || $0.isNumber }.map(HeaderReading.letterForm)
        var found = 0
        for w in words where HeaderReading.contains(carried, approximately: w) { found += w.count }
        return Double(found) / Double(total)
    }

    /// Whether this clear reading names another document than one whose header says
    /// `expected`: few of the expected words found, and most of what was read not expected.
    /// "Most" is more than 40% of the letters: another province's "DRIVER'S LICENCE" shares
    /// "LICENCE" with Ontario's title (46% of what it reads is not Ontario's) and, read alone
    /// at 0.94 confidence, it used to choose Ontario's licence over its photo card, naming a
    /// flat Alberta licence Ontario's at 0.75-0.93 on four of five samples.
    func contradicts(_ expected: String) -> Bool {
        isClear && wordCoverage(of: expected) < 0.3 && wordPrecision(against: expected) < 0.6
    }

    /// The jurisdictions (ISO 3166-2 codes, `JurisdictionNames`) whose name the reading carries,
    /// each read whole: a quarter of a long name's letters may be misread, none of a name of six
    /// or seven letters but one. In a long unsure reading (`isGarbled`) a name counts only read
    /// exactly as whole words (`namesAsWords`).
    var namedJurisdictions: Set<String> {
        if isGarbled { return namesAsWords }
        let read = text.filter { $0.isLetter || $0.isNumber }.map(HeaderReading.letterForm)
        var found: Set<String> = []
        for (code, name) in JurisdictionNames.letters where !found.contains(code) {
            let allowed = name.count >= 7 ? max(1, name.count / 4) : 0
            if HeaderReading.contains(read, approximately: name, allowed: allowed) { found.insert(code) }
        }
        return found
    }

    /// A reading with more letters than any header title holds, read unsurely: a soft or blurred
    /// crop read as a string of short guesses. Searched with its spaces dropped and a letter
    /// misread, such a string carries some name by chance: a motion-blurred British Columbia
    /// licence back read 150 letters at 0.21 whose "INDIAN AIA" held Indiana's name, and the
    /// card, unmistakable at a glance, was refused as another issuer's (dev captures, render
    /// seeds 3201-3206).
    var isGarbled: Bool { letterCount > HeaderReading.titleLetters && confidence < HeaderReading.clearConfidence }
    /// More letters than a header title holds: the longest built-in one, the Ontario licence
    /// back's "MINISTRY OF TRANSPORTATION ONTARIO MINISTERE DES TRANSPORTS", has 52.
    static let titleLetters = 60

    /// The jurisdictions whose name the reading carries exactly, as a run of whole words (words
    /// split or run together inside the name are taken as read): no piece of a longer word and
    /// no two words' ends joined, as a chance match in garbage is.
    var namesAsWords: Set<String> {
        let words = text.split { !$0.isLetter && !$0.isNumber }.map { $0.map(HeaderReading.letterForm) }
        var found: Set<String> = []
        for (code, name) in JurisdictionNames.letters where !found.contains(code) {
            search: for start in words.indices {
                var run: [Character] = []
                for w in words[start...] {
                    run += w
                    if run.count >= name.count { break }
                }
                if run == name {
                    found.insert(code)
                    break search
                }
            }
        }
        return found
    }

    /// Whether the reading names another jurisdiction than `jurisdiction` (a template's code)
    /// and not that one: another issuer's document, however unsure the rest of the reading.
    func namesOtherJurisdiction(than jurisdiction: String) -> Bool {
        let named = namedJurisdictions
        return !named.isEmpty && !named.contains(jurisdiction)
    }

    /// Whether the reading carries, read exactly, a piece of another jurisdiction's name at least
    /// `nameFragment` letters long (spaces dropped) that the template's own header text
    /// (`expected`) does not: a header crop placed by another design's homography often cuts the
    /// issuer's name, and what it keeps is no chance misreading. An unseen Nova Scotia ID front
    /// verified Manitoba's health card on 14 chance inliers (0.73); its header crop read
    /// "VA SCOT." where Manitoba's title would be. A garbled reading (`isGarbled`) names nobody in
    /// part: Tesseract's dictionary makes words of noise, and "INDIAN" is a piece of Indiana.
    func namesInPartOtherJurisdiction(than jurisdiction: String, expected: String) -> Bool {
        guard !isGarbled else { return false }
        let read = String(text.filter { $0.isLetter || $0.isNumber }.map(HeaderReading.letterForm))
        let own = String(HeaderReading.folded(expected).filter { $0.isLetter || $0.isNumber }.map(HeaderReading.letterForm))
        let n = HeaderReading.nameFragment
        guard read.count >= n else { return false }
        let letters = Array(read)
        var pieces: Set<String> = []
        for start in 0...(letters.count - n) { pieces.insert(String(letters[start..<start + n])) }
        for (code, name) in JurisdictionNames.letters where code != jurisdiction && name.count >= n {
            for start in 0...(name.count - n) {
                let piece = String(name[start..<start + n])
                if pieces.contains(piece), !own.contains(piece) { return true }
            }
        }
        return false
    }
    static let nameFragment = 6

    /// Dice coefficient of letter bigrams with `expected` (spaces and punctuation ignored), 0...1.
    func bigramSimilarity(to expected: String) -> Double {
        DocumentClassifier.textSimilarity(text, expected)
    }

    /// Whether some stretch of `haystack` (within one letter of `word`'s length) is within
    /// edit distance a quarter of `word`'s length from it; a word of four letters must be read
    /// exactly: one of its four letters wrong is found by chance somewhere in a long garbled
    /// reading (a 426x240 preview's Ontario licence header, "ONTARIO PRTARDEEAN TNT TEEN",
    /// carried "CARD" as "TARD" and named the card Ontario's photo card at 1.0).
    private static func contains(_ haystack: [Character], approximately word: [Character], allowed: Int? = nil) -> Bool {
        let allowed = allowed ?? (word.count >= 5 ? word.count / 4 : 0)
        guard haystack.count >= word.count - allowed, !word.isEmpty else { return false }
        for length in max(1, word.count - min(1, allowed))...(word.count + min(1, allowed)) where length <= haystack.count {
            for start in 0...(haystack.count - length) {
                if editDistance(word, haystack[start..<start + length], limit: allowed) <= allowed { return true }
            }
        }
        return false
    }

    /// Levenshtein distance, stopping early once every path exceeds `limit` (then some value
    /// over it). `a` and `b` must not be empty.
    static func editDistance(_ a: [Character], _ b: ArraySlice<Character>, limit: Int) -> Int {
        let b = Array(b)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = current[0]
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowBest = min(rowBest, current[j])
            }
            if rowBest > limit { return rowBest }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Words of four or more letters, compared in `letterForm`.
    private static func words(of s: String) -> [[Character]] {
        s.split { !$0.isLetter && !$0.isNumber }.map { $0.map(letterForm) }.filter { $0.count >= 4 }
    }

    /// The letter a digit OCR confuses with it stands for in a title ("0NTARI0" is Ontario):
    /// titles are words, so a digit there is a misread letter.
    private static func letterForm(_ c: Character) -> Character {
        switch c {
        case "0": "O"
        case "1": "I"
        case "2": "Z"
        case "5": "S"
        case "6": "G"
        case "8": "B"
        default: c
        }
    }

    static func folded(_ s: String) -> String {
        s.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased()
    }
}
