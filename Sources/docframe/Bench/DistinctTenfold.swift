import DocFrame
import Foundation

/// Ten times the built-in templates made from designs that share no artwork with them, for the
/// "10x templates" row: the zoomed-crop variants of the built-in references share their
/// descriptors, which makes voting artificially expensive (every shared descriptor has ten
/// near-identical rivals) and lets variants steal the built-ins' answers, unlike a real
/// catalog of other jurisdictions' documents.
///
/// Sources: the flat renders in `designs` (scripts/bench renders the held-out designs and the
/// passports, two people each, with render-specimen: designs the built-ins were never trained
/// on) and the built-in references. Ten real designs are not 108, so the rest are appearance
/// variants that give other descriptors (ORB is rotation- but not mirror-invariant, inverting the
/// grey levels inverts every intensity test, and turning a page a quarter and stretching it back
/// to its format distorts every patch): mirrored, inverted, both, then the quarter-turned and
/// stretched page with the same three. Every template is trained by TemplateTrainer, the path
/// `docframe template train` uses.
enum DistinctTenfold {
    struct SampleSet {
        var name: String
        var format: DocumentFormat
        var images: [Image]
    }

    enum Variant: String, CaseIterable {
        case asIs = "", mirrored = "-mirrored", inverted = "-inverted", mirroredInverted = "-mirrored-inverted"
        case turned = "-turned", turnedMirrored = "-turned-mirrored", turnedInverted = "-turned-inverted"
        case turnedMirroredInverted = "-turned-mirrored-inverted"

        func apply(_ image: Image) throws -> Image {
            let (w, h) = (Double(image.width), Double(image.height))
            var out = image
            if rawValue.contains("turned") {
                // The page's left edge becomes its top, stretched back to the same size.
                out = try out.warped(Quad(topLeft: Point(x: 0, y: h), topRight: Point(x: 0, y: 0),
                                          bottomRight: Point(x: w, y: 0), bottomLeft: Point(x: w, y: h)),
                                     width: image.width, height: image.height)
            }
            if rawValue.contains("mirrored") {
                out = try out.warped(Quad(topLeft: Point(x: w, y: 0), topRight: Point(x: 0, y: 0),
                                          bottomRight: Point(x: 0, y: h), bottomLeft: Point(x: w, y: h)),
                                     width: image.width, height: image.height)
            }
            if rawValue.contains("inverted") {
                let bgr = try out.bgr()
                let pixels = try bgr.packedPixels().map { 255 - $0 }
                out = try Image(pixels: pixels, width: bgr.width, height: bgr.height, bytesPerRow: bgr.width * 3, format: .bgr)
            }
            return out
        }
    }

    /// The rendered designs in `folder` (`<design>-<side>-<seed>.png`), grouped by design side.
    static func renderedDesigns(in folder: URL) throws -> [SampleSet] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        var groups: [(String, [Image])] = []
        for name in names {
            let stem = String(name.dropLast(4))
            guard let dash = stem.lastIndex(of: "-") else { continue }
            let key = String(stem[..<dash])
            let image = try Image(contentsOfFile: folder.appendingPathComponent(name).path)
            if let i = groups.firstIndex(where: { $0.0 == key }) { groups[i].1.append(image) } else { groups.append((key, [image])) }
        }
        return try groups.map { key, images in
            guard let format = DocumentFormat.allCases.first(where: { $0.canonicalWidth == images[0].width && $0.canonicalHeight == images[0].height }) else {
                throw DocFrameError(.invalidArgument, "\(key): \(images[0].width)x\(images[0].height) is no document format's canonical size")
            }
            return SampleSet(name: key, format: format, images: images)
        }
    }

    /// The built-in templates plus 9 x their count of distinct ones; the scratch folder to remove.
    static func recognizer(_ catalog: TemplateCatalog, designs folder: URL) throws -> (Recognizer, URL) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("docframe-bench-\(UUID().uuidString)")
        var all = catalog
        for url in try trainDistractors(catalog, designs: folder, into: scratch) {
            for trained in try TemplateCatalog.loadFolder(url) { all.add(trained) }
        }
        return (try Recognizer(catalog: all), scratch)
    }

    /// The built-in templates plus those trained earlier into `folder` (`trainDistractors`'s
    /// output, loaded as `classify --templates` loads it); nothing to remove afterwards (the returned folder is a fresh, empty name).
    static func recognizer(_ catalog: TemplateCatalog, distractors folder: URL) throws -> (Recognizer, URL) {
        var all = catalog
        for trained in try TemplateCatalog.loadFolder(folder) { all.add(trained) }
        let nothing = FileManager.default.temporaryDirectory.appendingPathComponent("docframe-bench-\(UUID().uuidString)")
        return (try Recognizer(catalog: all), nothing)
    }

    /// Trains the 9 x `catalog`'s count distinct templates into `output` (one folder each, the
    /// form `docframe classify --templates` loads); returns their folders.
    static func trainDistractors(_ catalog: TemplateCatalog, designs folder: URL, into output: URL) throws -> [URL] {
        let rendered = try renderedDesigns(in: folder)
        let builtIn = try catalog.templates.compactMap { t -> SampleSet? in
            guard let url = t.referenceURL else { return nil }
            return SampleSet(name: t.id, format: t.format, images: [try Image(contentsOfFile: url.path)])
        }
        // Real designs first, then the variants, until there are nine new templates per built-in one.
        var plan: [(SampleSet, Variant)] = rendered.map { ($0, .asIs) }
        for variant in Variant.allCases where variant != .asIs {
            plan += (rendered + builtIn).map { ($0, variant) }
        }
        let wanted = 9 * catalog.templates.count
        guard plan.count >= wanted else {
            throw DocFrameError(.invalidArgument, "\(folder.path): \(rendered.count) designs give \(plan.count) templates, \(wanted) needed")
        }
        var trainer = TemplateTrainer()
        trainer.checkConfusion = false
        let base = catalog.templates[0]
        var folders: [URL] = []
        for (set, variant) in plan.prefix(wanted) {
            let samples = try set.images.enumerated().map { k, image in ("\(set.name)\(variant.rawValue)-\(k).png", try variant.apply(image)) }
            var t = DocumentTemplate(id: "bench-\(set.name)\(variant.rawValue)", label: base.label, kind: base.kind,
                                     jurisdiction: "XX-\(set.name)\(variant.rawValue)", side: base.side, format: set.format)
            t.regions = []
            let out = output.appendingPathComponent(t.id)
            _ = try trainer.train(t, samples: samples, output: out)
            folders.append(out)
        }
        return folders
    }
}
