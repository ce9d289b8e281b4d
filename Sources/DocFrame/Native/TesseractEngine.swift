internal import CTesseract
import Foundation

/// Owns one Tesseract `TessBaseAPI` handle, initialised for one model (language + data folder +
/// engine), and frees it in `deinit`.
///
/// Not thread-safe (Tesseract handles are not): `TextReader` pools engines and hands each to
/// one thread at a time. `@unchecked Sendable` only so the pool can move engines between threads.
final class TesseractEngine: @unchecked Sendable {
    private let handle: OpaquePointer
    let model: OCRModel

    /// Loads `model`. Throws `resourcesNotFound` when its traineddata is missing and `ocrFailed`
    /// when Tesseract refuses it.
    init(model: OCRModel) throws {
        let file = (model.dataPath as NSString).appendingPathComponent(model.language + ".traineddata")
        guard FileManager.default.fileExists(atPath: file) else {
            throw DocFrameError(.resourcesNotFound, "the Tesseract model \(model.language).traineddata is not in \(model.dataPath)")
        }
        _ = Self.leptonicaQuiet
        guard let handle = TessBaseAPICreate() else {
            throw DocFrameError(.outOfMemory, "Tesseract could not create an engine")
        }
        // Tesseract chatters on stderr ("Estimating resolution..."); a library must not.
        let names = ["debug_file"]
        let values = ["/dev/null"]
        let status = withCStringArray(names) { namePointers in
            withCStringArray(values) { valuePointers in
                TessBaseAPIInit4(handle, model.dataPath, model.language, model.engine.tesseractValue,
                                 nil, 0, namePointers, valuePointers, names.count, 0)
            }
        }
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw DocFrameError(.ocrFailed, "Tesseract could not load \(model.language).traineddata from \(model.dataPath)")
        }
        // After loading: set on a handle not yet loaded, a variable makes Tesseract build a
        // whole engine that the load then replaces (about 17M instructions, once).
        Self.applyProcessSettings(to: handle)
        self.handle = handle
        self.model = model
    }

    /// Tesseract variables that live in the process, not in a handle: set once, by the first
    /// engine made, before any engine returns to read, so every read in the process (the MRZ
    /// model's and the header models') sees the same value whatever the order of the batch.
    ///
    /// `textord_pitch_range` 0: a fixed-pitch row's pitch is taken as Tesseract first estimates
    /// it, not searched 2 pixels either way (five cell fits of the whole row, `tune_row_pitch`).
    /// An MRZ line cut at the model's 36 px height has OCR-B's pitch at once; the search was
    /// about a fifth of each MRZ Recognize call (callgrind: 8 median-range bench-mrz captures
    /// 6.28G -> 6.09G instructions, -3.1%). bench-mrz's records of seeds 7000, 7300 and 7400
    /// (300) read alike; header reads are the evaluation sets' to judge.
    static let processVariables = [("textord_pitch_range", "0")]

    private static let settingsLock = NSLock()
    nonisolated(unsafe) private static var settingsApplied = false

    private static func applyProcessSettings(to handle: OpaquePointer) {
        settingsLock.lock()
        defer { settingsLock.unlock() }
        guard !settingsApplied else { return }
        for (name, value) in processVariables { TessBaseAPISetVariable(handle, name, value) }
        settingsApplied = true
    }

    /// An integer variable of the handle (for tests: which settings an engine reads with).
    func intVariable(_ name: String) -> Int? {
        var value: Int32 = 0
        return TessBaseAPIGetIntVariable(handle, name, &value) != 0 ? Int(value) : nil
    }

    /// `pixels` as the 1-bit Leptonica image (a set bit is ink) Tesseract's own thresholding
    /// makes of an image of 0s and 255s only; nil when any pixel is grey. Its Otsu threshold on two
    /// values falls between them, and its polarity rule takes the darker class as ink only when
    /// under half the pixels are in it (white text on black otherwise); an image of one value
    /// has no threshold and comes out blank. The caller destroys the image.
    static func binaryPix(_ pixels: [UInt8], width: Int, height: Int) -> UnsafeMutablePointer<Pix>? {
        let count = width * height
        var zeros = 0
        for value in pixels.prefix(count) {
            if value == 0 { zeros += 1 } else if value != 255 { return nil }
        }
        guard let pix = pixCreate(Int32(width), Int32(height), 1) else { return nil }
        // pixCreate clears every bit: blank, as Tesseract leaves an image of one value.
        guard zeros > 0, zeros < count else { return pix }
        let ink: UInt8 = Double(zeros) < Double(count) * 0.5 ? 0 : 255
        let wpl = Int(pixGetWpl(pix))
        guard let data = pixGetData(pix) else {
            var owned: UnsafeMutablePointer<Pix>? = pix
            pixDestroy(&owned)
            return nil
        }
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = data + y * wpl
                let line = source.baseAddress! + y * width
                var x = 0
                for w in 0..<wpl {
                    var word: UInt32 = 0
                    var bit: UInt32 = 0x8000_0000
                    let end = min(width, x + 32)
                    while x < end {
                        if line[x] == ink { word |= bit }
                        bit >>= 1
                        x += 1
                    }
                    row[w] = word
                }
            }
        }
        return pix
    }

    /// Leptonica, under Tesseract, prints its own refusals on stderr: a sparse read of print that
    /// touches the image's edge asks it for boxes past the edge ("Error in boxClipToRectangle"),
    /// which Tesseract then handles. A library must not chatter, and what Leptonica refuses
    /// reaches us as Tesseract's results anyway. Process-wide, set once, before the first engine.
    private static let leptonicaQuiet: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Recognises an 8-bit grey image (`pixels` tightly packed, `width` bytes a row).
    func recognize(gray pixels: [UInt8], width: Int, height: Int, mode: TextReadingMode,
                   whitelist: String?, resolution: Int) throws -> RecognizedText {
        guard width > 0, height > 0, pixels.count >= width * height else {
            throw DocFrameError(.invalidArgument, "an image of \(width)x\(height) cannot be read")
        }
        // The legacy engine (our MRZ model) adapts its classifier to the glyphs of every page it
        // reads and keeps what it learnt for the next call: a pooled engine's readings then
        // depend on which images it happened to read before (with `--jobs 2` an eval passport's
        // zone read valid or not by the order of the batch). What it learns within this call
        // stays; nothing carries over to the next one, so one image always reads the same.
        defer {
            TessBaseAPIClear(handle)
            TessBaseAPIClearAdaptiveClassifier(handle)
        }
        // Set on every call: a pooled engine keeps the previous caller's whitelist otherwise.
        TessBaseAPISetVariable(handle, "tessedit_char_whitelist", whitelist ?? "")
        TessBaseAPISetPageSegMode(handle, mode.pageSegMode)
        // A line cut the MRZ reader binarised already (0 and 255 only) goes in as the 1-bit
        // image Tesseract's own Otsu thresholding would make of it, which it then takes as it is:
        // no histogram, threshold or grey copy per call, and no sub-pixel edge offsets measured
        // on a grey image that holds no grey. About 8% of each Recognize call (2% of a bench-mrz
        // capture's instructions); bench-mrz's records of seeds 7000, 7300 and 7400 (300) and the
        // evaluation set's read alike. The legacy engine only: the LSTM reads the grey original.
        if model.engine == .legacy, let pix = Self.binaryPix(pixels, width: width, height: height) {
            TessBaseAPISetImage2(handle, pix)
            var owned: UnsafeMutablePointer<Pix>? = pix
            pixDestroy(&owned)
        } else {
            pixels.withUnsafeBufferPointer { buffer in
                TessBaseAPISetImage(handle, buffer.baseAddress, Int32(width), Int32(height), 1, Int32(width))
            }
        }
        TessBaseAPISetSourceResolution(handle, Int32(resolution))
        TesseractThreading.serialiseThisThread()
        guard TessBaseAPIRecognize(handle, nil) == 0 else {
            throw DocFrameError(.ocrFailed, "Tesseract failed on a \(width)x\(height) image")
        }
        let text = takeString(TessBaseAPIGetUTF8Text(handle)) ?? ""
        let meanConfidence = TessBaseAPIMeanTextConf(handle)
        return RecognizedText(text: text.trimmingCharacters(in: .whitespacesAndNewlines),
                              confidence: max(0, min(1, Double(meanConfidence) / 100)),
                              words: collect(RIL_WORD), symbols: collect(RIL_SYMBOL))
    }

    /// The recognised words or symbols with their boxes, in reading order.
    private func collect(_ level: TessPageIteratorLevel) -> [RecognizedText.Word] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        var words: [RecognizedText.Word] = []
        let page = TessResultIteratorGetPageIterator(iterator)
        repeat {
            guard let text = takeString(TessResultIteratorGetUTF8Text(iterator, level)) else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { continue }
            let confidence = Double(TessResultIteratorConfidence(iterator, level)) / 100
            words.append(RecognizedText.Word(text: text, confidence: max(0, min(1, confidence)),
                                             x: Int(left), y: Int(top),
                                             width: Int(right - left), height: Int(bottom - top),
                                             choices: level == RIL_SYMBOL ? choices(at: iterator) : []))
        } while TessResultIteratorNext(iterator, level) != 0
        return words
    }

    /// The classifier's candidates for the symbol at `iterator`, best first.
    private func choices(at iterator: OpaquePointer) -> [RecognizedText.Choice] {
        guard let list = TessResultIteratorGetChoiceIterator(iterator) else { return [] }
        defer { TessChoiceIteratorDelete(list) }
        var choices: [RecognizedText.Choice] = []
        repeat {
            // Owned by the iterator: copied, not freed.
            guard let text = TessChoiceIteratorGetUTF8Text(list) else { continue }
            let confidence = Double(TessChoiceIteratorConfidence(list)) / 100
            choices.append(RecognizedText.Choice(text: String(cString: text), confidence: max(0, min(1, confidence))))
        } while TessChoiceIteratorNext(list) != 0
        return choices
    }

    /// Copies and frees a string Tesseract allocated.
    private func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { TessDeleteText(pointer) }
        return String(cString: pointer)
    }
}

extension OCRModel.Engine {
    fileprivate var tesseractValue: TessOcrEngineMode {
        switch self {
        case .legacy: OEM_TESSERACT_ONLY
        case .lstm: OEM_LSTM_ONLY
        case .automatic: OEM_DEFAULT
        }
    }
}

extension TextReadingMode {
    fileprivate var pageSegMode: TessPageSegMode {
        switch self {
        case .line: PSM_SINGLE_LINE
        case .block: PSM_SINGLE_BLOCK
        case .word: PSM_SINGLE_WORD
        case .sparse: PSM_SPARSE_TEXT
        }
    }
}

/// Calls `body` with a C array of C strings valid for the duration of the call.
private func withCStringArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
