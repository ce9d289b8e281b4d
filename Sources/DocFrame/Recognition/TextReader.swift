import Foundation

/// Reads text with Tesseract, safely from any thread.
///
/// Tesseract handles are not thread-safe and are slow to load (an LSTM model takes tens of
/// milliseconds), so the reader keeps a pool of loaded engines per model: a caller borrows one,
/// reads, and returns it. At most `maxEnginesPerModel` engines exist per model (default: the
/// number of cores); a caller that finds them all busy waits for one to come back.
///
/// Share one reader (`TextReader.shared`) across the process: the pool is the point.
public final class TextReader: @unchecked Sendable {
    /// The process-wide reader.
    public static let shared = TextReader()

    public let maxEnginesPerModel: Int

    // All mutable state below is guarded by `condition`'s lock.
    private let condition = NSCondition()
    private var idle: [OCRModel: [TesseractEngine]] = [:]
    private var created: [OCRModel: Int] = [:]

    public init(maxEnginesPerModel: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.maxEnginesPerModel = max(1, maxEnginesPerModel)
    }

    /// Reads `image` with Tesseract's system model for `language` (`eng` by default).
    ///
    /// - Parameters:
    ///   - mode: how to segment (`line` for a single line of text).
    ///   - whitelist: the only characters Tesseract may return, or nil for all.
    /// - Throws: `resourcesNotFound` when the language's traineddata is missing, `ocrFailed`
    ///   when Tesseract fails.
    public func read(_ image: Image, language: String = "eng", mode: TextReadingMode = .block,
                     whitelist: String? = nil) throws -> RecognizedText {
        try read(image, model: OCRModel.system(language), mode: mode, whitelist: whitelist)
    }

    /// Reads `image` with an explicit model (for example `OCRModel.mrz()`).
    ///
    /// - Parameter resolution: the image's resolution in dots per inch, which Tesseract uses
    ///   to judge text size; 300 suits DocFrame's canonical document sizes.
    public func read(_ image: Image, model: OCRModel, mode: TextReadingMode = .block,
                     whitelist: String? = nil, resolution: Int = 300) throws -> RecognizedText {
        let gray = image.isGrayscale ? image : try image.grayscale()
        let pixels = try gray.packedPixels()
        let engine = try borrow(model)
        defer { giveBack(engine) }
        return try engine.recognize(gray: pixels, width: gray.width, height: gray.height, mode: mode,
                                    whitelist: whitelist, resolution: resolution)
    }

    /// Loads the engines for `model` ahead of time, so the first read is not slow.
    public func warmUp(_ model: OCRModel) throws {
        giveBack(try borrow(model))
    }

    /// The number of engines loaded for `model` (for tests and diagnostics).
    public func engineCount(for model: OCRModel) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return created[model, default: 0]
    }

    private func borrow(_ model: OCRModel) throws -> TesseractEngine {
        condition.lock()
        while true {
            if var free = idle[model], let engine = free.popLast() {
                idle[model] = free
                condition.unlock()
                return engine
            }
            if created[model, default: 0] < maxEnginesPerModel {
                // Reserve the slot, then load outside the lock: loading takes a while.
                created[model, default: 0] += 1
                condition.unlock()
                do {
                    return try TesseractEngine(model: model)
                } catch {
                    condition.lock()
                    created[model, default: 0] -= 1
                    condition.broadcast()
                    condition.unlock()
                    throw error
                }
            }
            condition.wait()
        }
    }

    private func giveBack(_ engine: TesseractEngine) {
        condition.lock()
        idle[engine.model, default: []].append(engine)
        condition.signal()
        condition.unlock()
    }
}
