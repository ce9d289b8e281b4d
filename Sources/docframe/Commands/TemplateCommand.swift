import DocFrame
import Foundation

/// `docframe template train|eval`: build a template from sample images, or measure templates on
/// a labelled data set (DESIGN.md).
struct TemplateCommand: Command {
    static let name = "template"
    static let abstract = "Train a document template from samples (train), or evaluate templates on a data set (eval)."
    static let usage = """
    train --id ID --label EN [--label-es ES] [--label-fr FR] --kind K --jurisdiction J --side S [--format ID-1|TD2|TD3] \
    [--other-side ID] [--policy accepted|unusable] [--region NAME=x,y,w,h[:TEXT]]... [--templates DIR]... --out DIR SAMPLES...
           docframe template eval [--templates DIR]... [--no-builtin] [--json] DATASET
    """
    static let discussion = """
    train: builds the template folder DIR (template.json, reference.jpg, features.yml.gz) from a handful
    of samples of one document side (flat scans or photos; 5 or more, of different people, so that
    personal data can be told from the design and blanked). Region rectangles are in the canonical
    size's pixels (ID-1 1012x638, TD2 1240x874, TD3 1476x1039). The new template is checked against the
    built-in ones and every --templates folder; confusion is reported as a warning on standard error.

    Example: docframe template train --id ca-on-dl-front --label "Ontario Driver's License" --kind driversLicense \\
             --jurisdiction CA-ON --side front --other-side ca-on-dl-back --out Templates/ca-on-dl-front TrainingData/flat/ca-on-dl-front-*.png
    """
    static let options: [OptionSpec] = [
        .option("id", "ID", "Template id (train), e.g. ca-on-dl-front."),
        .option("label", "EN", "English label (train)."),
        .option("label-es", "ES", "Spanish label (defaults to English)."),
        .option("label-fr", "FR", "French label (defaults to English)."),
        .option("kind", "KIND", "driversLicense, passport, idCard or healthCard."),
        .option("jurisdiction", "J", "ISO 3166-2 subdivision (CA-ON) or ISO 3166-1 alpha-2 country (CA)."),
        .option("side", "SIDE", "front or back."),
        .option("format", "FORMAT", "ID-1 (default), TD2 or TD3."),
        .option("other-side", "ID", "The template id of the other side."),
        .option("policy", "POLICY", "accepted (default) or unusable."),
        .option("region", "NAME=x,y,w,h[:TEXT]", "A named region in canonical pixels, optionally with its text.", repeatable: true),
        .option("templates", "DIR", "Existing templates to check against / evaluate (repeatable).", repeatable: true),
        .flag("no-builtin", "Leave the built-in templates out."),
        .option("out", "DIR", "The template folder to write (train)."),
        .flag("json", "Print the evaluation as one JSON object (eval)."),
    ]

    enum Action {
        case train(DocumentTemplate, output: URL, samples: [String])
        case eval(dataset: String, json: Bool)
    }

    let action: Action
    let templateDirectories: [URL]
    let includeBuiltin: Bool

    init(_ arguments: ParsedArguments) throws {
        guard let verb = arguments.positionals.first else { throw UsageError("say 'train' or 'eval'") }
        let rest = Array(arguments.positionals.dropFirst())
        templateDirectories = arguments.all("templates").map { URL(fileURLWithPath: $0) }
        includeBuiltin = !arguments.flag("no-builtin")
        switch verb {
        case "train":
            func required(_ name: String) throws -> String {
                guard let v = arguments.value(name), !v.isEmpty else { throw UsageError("train needs --\(name)") }
                return v
            }
            let id = try required("id")
            guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }) else {
                throw UsageError("--id may hold only letters, digits, '-', '_' and '.'")
            }
            let label = LocalizedText(en: try required("label"), es: arguments.value("label-es"), fr: arguments.value("label-fr"))
            _ = try required("kind")
            _ = try required("side")
            let kind: DocumentKind = try arguments.choice("kind", default: .idCard)
            let side: DocumentSide = try arguments.choice("side", default: .front)
            let format: DocumentFormat = try arguments.choice("format", default: .id1)
            let policy: DocumentPolicy = try arguments.choice("policy", default: .accepted)
            var template = DocumentTemplate(id: id, label: label, kind: kind, jurisdiction: try required("jurisdiction"), side: side,
                                            format: format, otherSide: arguments.value("other-side"), policy: policy)
            for spec in arguments.all("region") {
                let (name, region) = try TemplateCommand.parseRegion(spec, width: template.width, height: template.height)
                template.regions.removeAll { $0.name == name }
                template.regions.append((name, region))
            }
            guard !rest.isEmpty else { throw UsageError("train needs sample images") }
            action = .train(template, output: URL(fileURLWithPath: try required("out")), samples: rest)
        case "eval":
            guard rest.count == 1 else { throw UsageError("eval takes one DATASET folder") }
            action = .eval(dataset: rest[0], json: arguments.flag("json"))
        default:
            throw UsageError("unknown action '\(verb)': say 'train' or 'eval'")
        }
    }

    /// `NAME=x,y,w,h[:TEXT]`.
    static func parseRegion(_ spec: String, width: Int, height: Int) throws -> (String, DocumentTemplate.Region) {
        guard let eq = spec.firstIndex(of: "=") else { throw UsageError("--region takes NAME=x,y,w,h[:TEXT], not '\(spec)'") }
        let name = String(spec[..<eq])
        var body = String(spec[spec.index(after: eq)...])
        var text: String?
        if let colon = body.firstIndex(of: ":") {
            text = String(body[body.index(after: colon)...])
            body = String(body[..<colon])
        }
        let numbers = body.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !name.isEmpty, numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
              x >= 0, y >= 0, w > 0, h > 0, x + w <= width, y + h <= height else {
            throw UsageError("--region '\(spec)' needs NAME=x,y,w,h inside \(width)x\(height)")
        }
        return (name, DocumentTemplate.Region(x: x, y: y, width: w, height: h, text: text))
    }

    func run() throws -> ExitCode {
        switch action {
        case let .train(template, output, samplePaths):
            return try train(template, output: output, samplePaths: samplePaths)
        case let .eval(dataset, json):
            return try TemplateEvaluation.run(dataset: dataset, json: json, templateDirectories: templateDirectories,
                                              includeBuiltin: includeBuiltin)
        }
    }

    private func train(_ template: DocumentTemplate, output: URL, samplePaths: [String]) throws -> ExitCode {
        var existing = TemplateCatalog()
        do {
            existing = try TemplateCatalog.load(directories: templateDirectories, includeBuiltin: includeBuiltin)
        } catch let error as DocFrameError where error.code == .resourcesNotFound && templateDirectories.isEmpty {
            existing = TemplateCatalog()  // no built-in templates yet: nothing to be confused with
        }
        var samples: [(path: String, image: Image)] = []
        var failed = false
        for path in InputFiles.expand(samplePaths) {
            do {
                samples.append((path, try Image(contentsOfFile: path)))
            } catch let error as DocFrameError {
                failed = true
                DocFrameCLI.standardError("docframe template: \(path): \(error.code.rawValue): \(error.message)")
            }
        }
        guard !samples.isEmpty else { throw DocFrameError(.invalidArgument, "none of the samples could be read") }
        let report = try TemplateTrainer(existing: existing).train(template, samples: samples, output: output)
        print("\(report.template.id): \(report.samples) samples (\(report.aligned) aligned), \(report.keypoints) stable keypoints, "
              + String(format: "%.0f%% of the reference blanked", report.blankedShare * 100) + " -> \(output.path)")
        for warning in report.warnings { DocFrameCLI.standardError("warning: \(warning)") }
        return failed ? .someInputFailed : .success
    }
}
