import Foundation

/// What the MRZ searches of one image have measured of it, kept for its other searches: each
/// way up of the image in grey, the text lines found in it at each scale, which candidate
/// zones are sharp enough to read, each line's box fitted to its ink and each line cut's reading.
///
/// `docframe mrz` searches a photo twice when the located outline's zone does not read: the
/// passport scout (`Recognizer.scoutZone`) and then the whole-photo search, each turning the
/// photo, finding its text lines again at the same scales (on blurred photos, whose zones are
/// never cut, line finding was half the time) and reading the scout's cuts again. All of it
/// depends on the pixels alone (Tesseract keeps nothing from one read to the next), so any
/// search of the same image may take it as measured: the readings are the same.
///
/// Keyed by the image's pixel buffer, which is immutable and which the memo keeps alive (so its
/// identity cannot be reused). One memo serves one image's searches (`MRZCutBudget.memo`); it
/// may be shared across threads (it is locked).
final class MRZLineMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [ObjectIdentifier: (image: Image, turns: [Int: Turned])] = [:]
    private var deblurredZones: [ObjectIdentifier: (image: Image, read: MRZReader.DeblurredRead?)] = [:]
    private let deblurLock = NSLock()

    /// One way up of an image in grey and what was found in it.
    final class Turned: @unchecked Sendable {
        let gray: Image
        private let lock = NSLock()
        private var found: [Int: [TextLineBox]] = [:]
        private var copies: [Int: (work: Image, scale: Double)] = [:]
        private var sharp: [[TextLineBox]: Bool] = [:]
        private var fitted: [TextLineBox: TextLineBox] = [:]
        private var readings: [MRZReader.LineKey: (width: Int, text: RecognizedText)] = [:]
        private var uprights: [UprightKey: Image] = [:]

        private struct UprightKey: Hashable {
            var box: TextLineBox
            var height: Int
        }

        init(gray: Image) {
            self.gray = gray
        }

        /// The text lines `find` returns at scale `attempt`, found once.
        func lines(attempt: Int, find: () -> [TextLineBox]) -> [TextLineBox] {
            if let known = locked({ found[attempt] }) { return known }
            let lines = find()
            locked { found[attempt] = lines }
            return lines
        }

        /// The copy line finding looks at, `workWidth` wide (`TextLineBox.scaledCopy`), made
        /// once: the search's first two scales look at the same copy for characters of two sizes.
        func scaledCopy(workWidth: Int) throws -> (work: Image, scale: Double) {
            if let known = locked({ copies[workWidth] }) { return known }
            let copy = try TextLineBox.scaledCopy(of: gray, workWidth: workWidth)
            locked { copies[workWidth] = copy }
            return copy
        }

        /// Whether the candidate zone of `lines` is sharp enough to read, as `measure` says, measured once.
        func readable(_ lines: [TextLineBox], measure: (Image) -> Bool) -> Bool {
            if let known = locked({ sharp[lines] }) { return known }
            let readable = measure(gray)
            locked { sharp[lines] = readable }
            return readable
        }

        /// Whether any candidate zone measured here was sharp enough to read.
        var sawReadable: Bool { locked { sharp.values.contains(true) } }

        /// `line` fitted to its ink (`TextLineBox.fittedToInk`), once per box.
        func inked(_ line: TextLineBox) -> TextLineBox {
            if let known = locked({ fitted[line] }) { return known }
            let box = line.fittedToInk(in: gray)
            locked { fitted[line] = box }
            return box
        }

        /// The cut `key` names as `read` reads it (its width and text), read once.
        func reading(_ key: MRZReader.LineKey, read: () throws -> (width: Int, text: RecognizedText)) rethrows
            -> (width: Int, text: RecognizedText) {
            if let known = locked({ readings[key] }) { return known }
            let reading = try read()
            locked { readings[key] = reading }
            return reading
        }

        /// `line`'s upright cut at `height` as `cut` makes it (`TextLineBox.upright`), made once:
        /// a line is read at one height with up to four binarisations, each of the same cut.
        func upright(_ line: TextLineBox, height: Int, cut: () throws -> Image) rethrows -> Image {
            let key = UprightKey(box: line, height: height)
            if let known = locked({ uprights[key] }) { return known }
            let made = try cut()
            locked { uprights[key] = made }
            return made
        }

        private func locked<T>(_ body: () -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body()
        }
    }

    /// The ways up of `image` a search has turned it to (the upright one always, once any).
    func turns(of image: Image) -> Set<Int> {
        lock.lock()
        defer { lock.unlock() }
        return Set(images[ObjectIdentifier(image.native)]?.turns.keys ?? [:].keys)
    }

    /// Whether a search of `image`, any way up, found a candidate zone sharp enough to read
    /// (`MRZLineSharpness`): false when none was found or all were blurred past reading.
    func sawReadableZone(in image: Image) -> Bool {
        lock.lock()
        let turned = images[ObjectIdentifier(image.native)].map { Array($0.turns.values) } ?? []
        lock.unlock()
        return turned.contains { $0.sawReadable }
    }

    /// The reading `read` makes of `image` deblurred (`MRZReader.deblurredZone`), read once: the
    /// image's searches that call it later take the first call's answer. The call holds its own
    /// lock while reading, so two searches of one image on two threads read it once.
    func deblurred(_ image: Image, read: () throws -> MRZReader.DeblurredRead?) rethrows -> MRZReader.DeblurredRead? {
        deblurLock.lock()
        defer { deblurLock.unlock() }
        let key = ObjectIdentifier(image.native)
        if let known = deblurredZones[key] { return known.read }
        let reading = try read()
        deblurredZones[key] = (image, reading)
        return reading
    }

    /// `image` in grey turned clockwise by `quarterTurns`, with what was found in it before.
    func turned(_ image: Image, quarterTurns: Int) throws -> Turned {
        let key = ObjectIdentifier(image.native)
        lock.lock()
        if let known = images[key]?.turns[quarterTurns] {
            lock.unlock()
            return known
        }
        let upright = images[key]?.turns[0]?.gray
        lock.unlock()
        let gray = try upright ?? (image.isGrayscale ? image : image.grayscale())
        let turned = Turned(gray: quarterTurns == 0 ? gray : try gray.rotated(quarterTurns: quarterTurns))
        lock.lock()
        defer { lock.unlock() }
        var entry = images[key] ?? (image, [:])
        if let raced = entry.turns[quarterTurns] { return raced }
        entry.turns[quarterTurns] = turned
        if entry.turns[0] == nil { entry.turns[0] = Turned(gray: gray) }
        images[key] = entry
        return turned
    }
}
