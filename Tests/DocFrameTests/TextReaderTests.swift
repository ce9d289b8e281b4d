import Foundation
import Testing
@testable import DocFrame

@Suite("TextReader")
struct TextReaderTests {
    @Test("reads a rendered line of English exactly")
    func readsLine() throws {
        let image = try TestCanvas.line("ONTARIO DRIVER LICENCE")
        let result = try TextReader.shared.read(image, language: "eng", mode: .line)
        #expect(result.text == "ONTARIO DRIVER LICENCE")
        #expect(result.confidence > 0.7 && result.confidence <= 1)
    }

    /// OpenMP thread teams made each short read 3x slower in wall time (TesseractThreading):
    /// once an engine exists, Tesseract's parallel regions must run on the calling thread.
    @Test("OCR keeps to the calling thread")
    func ocrIsSerial() throws {
        _ = try TextReader.shared.read(try TestCanvas.line("DOCFRAME"), mode: .line)
        // A Tesseract built without OpenMP has nothing to restrict.
        guard let symbol = dlsym(nil, "omp_get_max_active_levels") else { return }
        typealias GetMaxActiveLevels = @convention(c) () -> Int32
        #expect(unsafeBitCast(symbol, to: GetMaxActiveLevels.self)() == 0)
    }

    @Test("reads a block of two lines, word boxes in reading order and where they were drawn")
    func readsBlockWithBoxes() throws {
        let canvas = TestCanvas(width: 700, height: 200)
        canvas.text("HEALTH CARD", x: 30, y: 30, size: 40)
        canvas.text("PERMANENT RESIDENT", x: 30, y: 110, size: 40)
        let result = try TextReader.shared.read(try canvas.image(), mode: .block)
        #expect(result.text == "HEALTH CARD\nPERMANENT RESIDENT")
        #expect(result.words.map(\.text) == ["HEALTH", "CARD", "PERMANENT", "RESIDENT"])
        let health = try #require(result.words.first)
        #expect(abs(health.x - 30) < 8 && abs(health.y - 30) < 10)
        let resident = result.words[3]
        #expect(resident.y > 100 && resident.x > health.x + 200)
    }

    @Test("a whitelist keeps other characters out, and does not leak into the next read")
    func whitelist() throws {
        let reader = TextReader(maxEnginesPerModel: 1)
        let image = try TestCanvas.line("AB 1234")
        let digits = try reader.read(image, mode: .line, whitelist: "0123456789")
        #expect(!digits.text.contains("A") && !digits.text.contains("B"))
        #expect(digits.text.contains("1234"))
        // Same (single) engine, no whitelist: letters come back.
        let all = try reader.read(image, mode: .line)
        #expect(all.text == "AB 1234")
    }

    /// Tesseract's legacy engine (our MRZ model) adapts to the glyphs it reads. Kept across
    /// calls, a pooled engine's reading of a zone depended on what it had read before: a dev
    /// passport (`passport-orv-front-2001-2`, glared and dark) read its names line right alone
    /// and wrong after a clean page's two lines (`passport-orv-front-2006-3`), and an eval
    /// passport's zone read valid or not by the order of a `--jobs 2` batch. The fixtures are
    /// binarised cuts `MRZReader` gave Tesseract: the clean page's two lines, then the first cut of
    /// the glared page's zone.
    @Test("a zone's cuts read the same, symbol for symbol, whatever the engine read before")
    func readingHasNoHistory() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ReadingHistory")
        func cuts(_ prefix: String) throws -> [Image] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix) }.sorted()
                .map { try Image(contentsOfFile: folder.appendingPathComponent($0).path) }
        }
        let (before, zone) = (try cuts("before-"), try cuts("line-"))
        #expect(before.count == 2 && zone.count == 2)
        let model = try OCRModel.mrz()
        func read(_ images: [Image], with reader: TextReader) throws -> [RecognizedText] {
            try images.map { try reader.read($0, model: model, mode: .line, whitelist: MRZReader.whitelist) }
        }
        let fresh = try read(zone, with: TextReader(maxEnginesPerModel: 1))
        let seasoned = TextReader(maxEnginesPerModel: 1)
        _ = try read(before, with: seasoned)
        let after = try read(zone, with: seasoned)
        #expect(after.map(\.text) == fresh.map(\.text))
        #expect(after.map { $0.symbols.map(\.confidence) } == fresh.map { $0.symbols.map(\.confidence) })
    }

    @Test("a blank image yields no confident text")
    func blank() throws {
        // Tesseract's LSTM may still emit a short guess on an empty line; its confidence says so.
        let image = try TestCanvas(width: 300, height: 80).image()
        let result = try TextReader.shared.read(image, mode: .line)
        #expect(result.confidence < 0.2)
        #expect(result.words.allSatisfy { $0.confidence < 0.2 })
    }

    @Test("colour images are read too")
    func colour() throws {
        let image = try TestCanvas.line("PASSPORT").bgr()
        #expect(try TextReader.shared.read(image, mode: .line).text == "PASSPORT")
    }

    @Test("concurrent reads each get their own engine, bounded by the pool size")
    func concurrentReads() async throws {
        let reader = TextReader(maxEnginesPerModel: 2)
        let words = ["QUEBEC", "ONTARIO", "BRITISH", "COLUMBIA", "CANADA", "LICENCE"]
        let images = try words.map { try TestCanvas.line($0) }
        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for _ in 0..<2 {
                for (i, image) in images.enumerated() {
                    group.addTask { (i, try reader.read(image, mode: .line).text) }
                }
            }
            var texts: [(Int, String)] = []
            for try await r in group { texts.append(r) }
            return texts
        }
        #expect(results.count == 12)
        for (i, text) in results { #expect(text == words[i]) }
        #expect(reader.engineCount(for: try OCRModel.system("eng")) <= 2)
    }

    @Test("a language without traineddata is resourcesNotFound, not a crash")
    func missingLanguage() throws {
        let image = try TestCanvas.line("X")
        #expect(throws: DocFrameError.self) { try TextReader.shared.read(image, language: "zzz") }
        do {
            _ = try TextReader.shared.read(image, language: "zzz")
        } catch let error as DocFrameError {
            #expect(error.code == .resourcesNotFound)
        }
        let missingFolder = OCRModel(language: "eng", dataPath: "/nonexistent")
        do {
            _ = try TextReader.shared.read(image, model: missingFolder)
            Issue.record("expected an error")
        } catch let error as DocFrameError {
            #expect(error.code == .resourcesNotFound)
        }
    }

    @Test("TESSDATA_PREFIX is honoured, as the folder or its tessdata child")
    func tessdataPrefix() throws {
        let system = try OCRModel.system("eng", environment: [:])
        let direct = try OCRModel.system("eng", environment: ["TESSDATA_PREFIX": system.dataPath])
        #expect(direct.dataPath == system.dataPath)
        let parent = (system.dataPath as NSString).deletingLastPathComponent
        if (system.dataPath as NSString).lastPathComponent == "tessdata" {
            let viaParent = try OCRModel.system("eng", environment: ["TESSDATA_PREFIX": parent])
            #expect(viaParent.dataPath.hasSuffix("tessdata"))
        }
    }
}

/// A fixed-pitch row's pitch is not searched around Tesseract's first estimate
/// (`TesseractEngine.processVariables`): the variable is the process's, not a handle's, so
/// every engine reads with it from the first, whichever model it loads.
@Suite("Tesseract engine settings")
struct TesseractEngineSettingsTests {
    @Test("every engine, the MRZ model's and a system model's, takes a row's first pitch estimate")
    func pitchSearchOffInTheProcess() throws {
        let english = try TesseractEngine(model: try OCRModel.system("eng"))
        #expect(english.intVariable("textord_pitch_range") == 0)
        let mrz = try TesseractEngine(model: try OCRModel.mrz())
        #expect(mrz.intVariable("textord_pitch_range") == 0)
    }
}
