import DocFrame
import Foundation

/// Rows for recognition (issue 4): locate, classify against the built-in templates and against
/// ten times as many, header OCR, end to end, and images per second with one and two jobs.
///
/// The photos are the checkout's recognition test photos (Tests/Fixtures/Recognition), scaled to
/// a 1280x720 frame's pixel count (`frame(of:)`); the rows are skipped when they are not there
/// (an installed binary).
enum RecognitionBench {
    /// `designs`: a folder of flat renders of designs that are not built in (see
    /// DistinctTenfold); `distractors`: instead, the templates `--write-distractors` trained from
    /// them. Without either the distinct-designs 10x row is skipped.
    static func rows(designs: URL? = nil, distractors: URL? = nil) throws -> [BenchRow] {
        let root = try ResourceLocator.root().appendingPathComponent("Tests/Fixtures/Recognition/captures")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0.hasSuffix(".jpg") && !$0.hasPrefix("negative") }.sorted()
        guard !names.isEmpty else {
            FileHandle.standardError.write(Data("bench: recognition rows skipped (no Tests/Fixtures/Recognition in \(root.path))\n".utf8))
            return []
        }
        let frames = try names.map { try frame(of: Image(contentsOfFile: root.appendingPathComponent($0).path)) }
        let paths = names.map { root.appendingPathComponent($0).path }
        let builtIn = try Recognizer()
        // Built on first use (the row's untimed warm-up), so filtered-out rows cost nothing.
        let tenfold = LazyTenfold { try tenfoldRecognizer(builtIn.catalog) }
        var distinct = designs.map { folder in LazyTenfold { try DistinctTenfold.recognizer(builtIn.catalog, designs: folder) } }
        if let folder = distractors { distinct = LazyTenfold { try DistinctTenfold.recognizer(builtIn.catalog, distractors: folder) } }
        let located = try frames.map { try builtIn.locator.locate(in: $0, limit: 2) }
        let noOCR = RecognitionOptions(readMRZ: false, readHeaderText: false)
        // Each row walks the frames from the first with its own cursor, so that rows compared with
        // each other (12 templates against 120) time the same frames: with one cursor shared, each
        // row took up where the row before it stopped, and the 10x rows' ratios compared other frames.
        func cursor() -> () -> Int {
            var i = -1
            return {
                i = (i + 1) % frames.count
                return i
            }
        }
        // A look-alike pair's header, as the classifier reads it.
        let lookAlike = names.firstIndex { $0.hasPrefix("ca-on-photo-front") } ?? 0
        return [
            BenchRow(name: "locate, 1280x720 frame") { [next = cursor()] in let k = next(); _ = try builtIn.locator.locate(in: frames[k], limit: 2) },
            BenchRow(name: "classify no OCR, \(builtIn.catalog.templates.count) templates") { [next = cursor()] in
                let k = next(); _ = try builtIn.observe(frames[k], located: located[k], options: noOCR)
            },
            BenchRow(name: "classify no OCR, \(builtIn.catalog.templates.count * 10) templates (10x zoomed crops)") { [next = cursor()] in
                let k = next(); _ = try tenfold.recognizer().observe(frames[k], located: located[k], options: noOCR)
            },
        ] + (distinct.map { distinct in
            [BenchRow(name: "classify no OCR, \(builtIn.catalog.templates.count * 10) templates (10x distinct designs)") { [next = cursor()] in
                let k = next(); _ = try distinct.recognizer().observe(frames[k], located: located[k], options: noOCR)
            }]
        } ?? []) + [
            BenchRow(name: "classify with header OCR (look-alike)") {
                _ = try builtIn.observe(frames[lookAlike], located: located[lookAlike], options: RecognitionOptions(readMRZ: false))
            },
            BenchRow(name: "end to end per image (decode+locate+classify)") { [next = cursor()] in
                let k = next(); _ = try builtIn.observe(try Image(contentsOfFile: paths[k]))
            },
            BenchRow(name: "\(paths.count) images, --jobs 1 (ms for all)") { try throughput(builtIn, paths, jobs: 1) },
            BenchRow(name: "\(paths.count) images, --jobs 2 (ms for all)", cpuClock: .process) { try throughput(builtIn, paths, jobs: 2) },
        ]
    }

    /// A test photo as a camera frame: scaled to 1280x720's pixel count, keeping its own shape.
    /// Twelve of the twenty photos are 4:3 or 3:4; stretched to 16:9, as this bench did until
    /// session 32, their cards were squashed by a quarter, which no camera does.
    static func frame(of photo: Image) throws -> Image {
        let scale = (1280.0 * 720.0 / Double(photo.width * photo.height)).squareRoot()
        return try photo.resized(width: Int((Double(photo.width) * scale).rounded()), height: Int((Double(photo.height) * scale).rounded()))
    }

    /// Runs every image once over `jobs` threads; the row's time is divided by the image count
    /// by the caller's reading (ms per image = row / images): images/s = 1000 / that.
    static func throughput(_ recognizer: Recognizer, _ paths: [String], jobs: Int) throws {
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            for k in stride(from: worker, to: paths.count, by: jobs) {
                _ = try? recognizer.observe(try Image(contentsOfFile: paths[k]))
            }
        }
    }

    /// The built-in templates plus nine variants of each (zoomed crops of its reference, trained
    /// as new templates): ten times the templates and descriptors in the index.
    static func tenfoldRecognizer(_ catalog: TemplateCatalog) throws -> (Recognizer, URL) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("docframe-bench-\(UUID().uuidString)")
        var trainer = TemplateTrainer()
        trainer.checkConfusion = false
        var extra: [URL] = []
        for t in catalog.templates {
            guard let referenceURL = t.referenceURL else { continue }
            let reference = try Image(contentsOfFile: referenceURL.path)
            for v in 1...9 {
                let (w, h) = (t.width * 7 / 10, t.height * 7 / 10)
                let x = (t.width - w) * (v % 3) / 2, y = (t.height - h) * (v / 3 % 3) / 2
                let crop = try reference.cropped(x: x, y: y, width: w, height: h).resized(width: t.width, height: t.height)
                var variant = t
                variant.id = "\(t.id)-variant\(v)"
                variant.regions = []
                let out = scratch.appendingPathComponent(variant.id)
                _ = try trainer.train(variant, samples: [("variant.png", crop)], output: out)
                extra.append(out)
            }
        }
        var all = catalog
        for url in extra { for t in try TemplateCatalog.loadFolder(url) { all.add(t) } }
        return (try Recognizer(catalog: all), scratch)
    }
}

/// A tenfold recogniser, made once on first use; its scratch templates are removed at exit.
final class LazyTenfold {
    private let make: () throws -> (Recognizer, URL)
    private var made: (Recognizer, URL)?

    init(_ make: @escaping () throws -> (Recognizer, URL)) {
        self.make = make
    }

    func recognizer() throws -> Recognizer {
        if let made { return made.0 }
        let pair = try make()
        made = pair
        return pair.0
    }

    deinit {
        if let made { try? FileManager.default.removeItem(at: made.1) }
    }
}
