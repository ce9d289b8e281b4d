internal import CDocVision
import Foundation

/// Builds a template folder (template.json, reference.jpg, features.yml.gz) from a handful of
/// sample images of one document side: flat scans or photos (DESIGN.md, `template train`).
///
/// Samples are brought to the canonical size (photos located and flattened), aligned to the
/// first by a feature homography; keypoints that recur across samples are kept (the design) and
/// the rest dropped (personal data); pixels that vary across samples are blanked in the
/// reference. The result is checked against existing templates for confusion.
public struct TemplateTrainer: Sendable {
    /// What a training run produced, for the command line to report.
    public struct Report: Sendable {
        public var template: DocumentTemplate
        public var samples: Int
        /// Samples that could be aligned to the first one.
        public var aligned: Int
        public var keypoints: Int
        /// Share of the reference blanked as personal data.
        public var blankedShare: Double
        /// Problems worth a person's attention (confusion with existing templates, too few samples).
        public var warnings: [String]
    }

    /// Share of samples a keypoint must recur in to count as design.
    public var minimumShare: Double = 0.6
    public var maxKeypoints: Int = 700
    /// Templates the new one is checked against for confusion.
    public var existing: TemplateCatalog
    /// Classify the samples against the existing templates and the new one (off only for
    /// bulk work such as benchmark fixtures).
    public var checkConfusion = true

    public init(existing: TemplateCatalog = TemplateCatalog()) {
        self.existing = existing
    }

    /// Trains `template` (its metadata; regions given by the caller are kept) from `samples`
    /// (path, image) and writes the folder `output`. A `header` region is added (top band) when
    /// none is given, so look-alike templates can be told apart.
    public func train(_ template: DocumentTemplate, samples: [(path: String, image: Image)], output: URL) throws -> Report {
        guard !samples.isEmpty else { throw DocFrameError(.invalidArgument, "no samples to train from") }
        var template = template
        let (w, h) = (template.width, template.height)
        var warnings: [String] = []
        let locator = DocumentLocator()
        var canonical: [Image] = []
        for (path, image) in samples {
            canonical.append(try toCanonical(image, width: w, height: h, locator: locator, path: path, warnings: &warnings))
        }
        if template.region("header") == nil {
            // The renderer's sidecars (and TrainingData's) name the title's rectangle; else the top band.
            let header = samples.lazy.compactMap { TemplateTrainer.sidecarHeader(for: $0.path, width: w, height: h) }.first
                ?? DocumentTemplate.Region(x: w * 3 / 100, y: h * 2 / 100, width: w * 94 / 100, height: h * 16 / 100)
            template.regions.insert(("header", header), at: 0)
        }
        if template.region("mrz") == nil,
           let mrz = samples.lazy.compactMap({ TemplateTrainer.sidecarRegion("mrz", for: $0.path, width: w, height: h) }).first {
            template.regions.append(("mrz", mrz))
        }
        let header = template.region("header")!
        let keep: [Int32] = [Int32(header.x), Int32(header.y), Int32(header.width), Int32(header.height)]
        var featuresHandle: OpaquePointer?
        var referenceHandle: OpaquePointer?
        var blanked: Float = 0
        var aligned: Int32 = 0
        let handles: [OpaquePointer?] = canonical.map { $0.native.handle }
        try handles.withUnsafeBufferPointer { buffer in
            try keep.withUnsafeBufferPointer { keepBuffer in
                try DocVision.check {
                    dv_train_template(buffer.baseAddress, Int32(buffer.count), Int32(w), Int32(h), Float(minimumShare),
                                      Int32(maxKeypoints), keepBuffer.baseAddress, 1, &featuresHandle, &referenceHandle,
                                      &blanked, &aligned, $0)
                }
            }
        }
        guard let featuresHandle, let referenceHandle else { throw DocFrameError(.internalError, "training produced nothing") }
        let features = NativeFeatures(taking: featuresHandle)
        let reference = Image(native: NativeImage(taking: referenceHandle))
        withExtendedLifetime(canonical) {}
        if samples.count < 3 {
            warnings.append("only \(samples.count) sample(s): personal data cannot be told from design; use at least 5 samples of different people")
        }
        if Int(aligned) < samples.count {
            warnings.append("\(samples.count - Int(aligned)) sample(s) could not be aligned to the first and count only roughly")
        }
        if features.count < 80 {
            warnings.append("only \(features.count) stable keypoints: the design has little texture and may be hard to recognise")
        }
        if let i = template.regions.firstIndex(where: { $0.name == "header" }), template.regions[i].region.text == nil {
            template.regions[i].region.text = TemplateTrainer.readText(in: [reference] + canonical, region: template.regions[i].region)
        }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        template.folder = output
        try reference.write(to: output.appendingPathComponent(DocumentTemplate.referenceName).path, as: .jpeg(quality: 85))
        try features.save(to: output.appendingPathComponent(DocumentTemplate.featuresName))
        let json = DocumentTemplate.prettyJSON(template.jsonValue())
        do {
            try Data(json.utf8).write(to: output.appendingPathComponent(DocumentTemplate.fileName))
        } catch {
            throw DocFrameError(.ioError, "cannot write \(output.path)/\(DocumentTemplate.fileName)")
        }
        if checkConfusion { warnings += try confusion(of: template, samples: samples) }
        return Report(template: template, samples: samples.count, aligned: Int(aligned), keypoints: features.count,
                      blankedShare: Double(blanked), warnings: warnings)
    }

    /// `regions.header` of the sample's `<stem>.json` sidecar, when it has one and the sample is
    /// at the canonical size.
    static func sidecarHeader(for path: String, width: Int, height: Int) -> DocumentTemplate.Region? {
        sidecarRegion("header", for: path, width: width, height: height)
    }

    /// `regions.<name>` of the sample's sidecar (the renderer's format), in canonical pixels.
    static func sidecarRegion(_ name: String, for path: String, width: Int, height: Int) -> DocumentTemplate.Region? {
        let url = URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("json")
        guard let data = try? Data(contentsOf: url),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let size = object["size"] as? [NSNumber], size.count == 2, size[0].intValue == width, size[1].intValue == height,
              let regions = object["regions"] as? [String: Any], let rect = regions[name] as? [NSNumber], rect.count == 4 else {
            return nil
        }
        let v = rect.map(\.intValue)
        guard v[0] >= 0, v[1] >= 0, v[2] > 8, v[3] > 8, v[0] + v[2] <= width, v[1] + v[3] <= height else { return nil }
        return DocumentTemplate.Region(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// The header's printed title, read by Tesseract from the reference (design, not personal data).
    static func readText(in reference: Image, region: DocumentTemplate.Region) -> String? {
        guard let crop = try? reference.cropped(x: region.x, y: region.y, width: region.width, height: region.height),
              let read = try? TextReader.shared.read(crop, mode: .block), read.confidence >= 0.5 else { return nil }
        let words = read.words.filter { $0.confidence >= 0.5 }.map(\.text)
        let text = words.joined(separator: " ").uppercased()
        return text.count >= 3 ? text : nil
    }

    /// The header's title as most of `images` (the reference, then the samples) read it: the
    /// reading nearest all the others (most letter pairs in common). One image's reading can
    /// drop a word or misread a letter (a retrain's reference read "...SERVICEONTARIC" and lost
    /// "CARTE-PHOTO"); the title printed on every sample is what the readings share. Ties go to
    /// the earlier image.
    static func readText(in images: [Image], region: DocumentTemplate.Region) -> String? {
        let readings = images.compactMap { readText(in: $0, region: region) }
        guard readings.count > 1 else { return readings.first }
        let scores = readings.indices.map { i in
            readings.indices.reduce(0.0) { $0 + ($1 == i ? 0 : DocumentClassifier.textSimilarity(readings[i], readings[$1])) }
        }
        // `max(by:)` keeps the first of equal elements: ties go to the earlier image.
        return scores.indices.max { scores[$0] < scores[$1] }.map { readings[$0] }
    }

    /// A flat scan is resized; a photo (a document found well inside it) is located and flattened.
    private func toCanonical(_ image: Image, width: Int, height: Int, locator: DocumentLocator, path: String,
                             warnings: inout [String]) throws -> Image {
        var image = try image.bgr()
        if image.height > image.width { image = try image.rotated(quarterTurns: 1) }
        let aspect = Double(image.width) / Double(image.height)
        let target = Double(width) / Double(height)
        // A flat scan has the document's shape (its inner boxes are card-shaped too: do not look
        // for a document in it); anything else is a photo to locate and flatten.
        if abs(aspect / target - 1) <= 0.04 {
            return try image.resized(width: width, height: height)
        }
        if let found = try locator.locateBest(in: image), found.corners.area > 0.1 * Double(image.width * image.height) {
            return try image.warped(found.landscapeCorners, width: width, height: height)
        }
        if abs(aspect / target - 1) > 0.06 {
            warnings.append("\(path): \(image.width)x\(image.height) is not the document's shape and no document was found in it; stretched")
        }
        return try image.resized(width: width, height: height)
    }

    /// Classifies the samples against the existing templates (confusion) and against the new
    /// one alone (whether it recognises its own samples).
    private func confusion(of template: DocumentTemplate, samples: [(path: String, image: Image)]) throws -> [String] {
        var warnings: [String] = []
        let others = existing.templates.filter { $0.id != template.id }
        if !others.isEmpty {
            let recognizer = try Recognizer(catalog: TemplateCatalog(templates: others))
            var hits: [String: Int] = [:]
            for (_, image) in samples {
                if let d = try recognizer.observe(image, options: RecognitionOptions(readMRZ: false)).document { hits[d.templateId, default: 0] += 1 }
            }
            for (id, n) in hits.sorted(by: { $0.key < $1.key }) {
                warnings.append("\(n) of \(samples.count) samples are recognised as the existing template \(id): the two may be confused")
            }
        }
        var both = TemplateCatalog(templates: others)
        both.add(template)
        let recognizer = try Recognizer(catalog: both)
        let own = try samples.filter { try recognizer.observe($0.image, options: RecognitionOptions(readMRZ: false)).document?.templateId == template.id }.count
        if own < samples.count {
            warnings.append("only \(own) of \(samples.count) samples are recognised as \(template.id) with the new template in place")
        }
        return warnings
    }
}

extension DocumentTemplate {
    /// template.json as people edit it: one top-level key a line.
    static func prettyJSON(_ value: JSONValue) -> String {
        guard case .object(let members) = value else { return value.rendered() + "\n" }
        var out = "{\n"
        for (i, (key, v)) in members.enumerated() {
            out += "  " + JSONValue.string(key).rendered() + ": " + v.rendered() + (i + 1 < members.count ? ",\n" : "\n")
        }
        return out + "}\n"
    }
}
