import Foundation

/// The templates a recogniser knows: the built-in ones (`ResourceLocator.templatesDirectory()`)
/// and any extra folders, a later id replacing an earlier one (DESIGN.md, command line).
public struct TemplateCatalog: Sendable {
    public private(set) var templates: [DocumentTemplate]

    public init(templates: [DocumentTemplate] = []) {
        self.templates = []
        for t in templates { add(t) }
    }

    /// Adds a template, replacing one with the same id in place.
    public mutating func add(_ template: DocumentTemplate) {
        if let i = templates.firstIndex(where: { $0.id == template.id }) {
            templates[i] = template
        } else {
            templates.append(template)
        }
    }

    public func template(id: String) -> DocumentTemplate? { templates.first { $0.id == id } }

    /// Loads the built-in templates (unless `includeBuiltin` is false) and then each folder in
    /// `directories`: a template folder (holding template.json) or a folder of template folders.
    public static func load(directories: [URL] = [], includeBuiltin: Bool = true) throws -> TemplateCatalog {
        var catalog = TemplateCatalog()
        if includeBuiltin {
            for t in try loadFolder(try ResourceLocator.templatesDirectory()) { catalog.add(t) }
        }
        for folder in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw DocFrameError(.invalidTemplate, "\(folder.path) is not a folder of templates")
            }
            for t in try loadFolder(folder) { catalog.add(t) }
        }
        return catalog
    }

    /// The templates in one folder: itself when it holds template.json, else its subfolders
    /// that do, sorted by name. Subfolders without template.json are skipped.
    public static func loadFolder(_ folder: URL) throws -> [DocumentTemplate] {
        let fm = FileManager.default
        if fm.fileExists(atPath: folder.appendingPathComponent(DocumentTemplate.fileName).path) {
            return [try loadChecked(folder)]
        }
        let names = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
        var result: [DocumentTemplate] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let sub = folder.appendingPathComponent(name)
            guard fm.fileExists(atPath: sub.appendingPathComponent(DocumentTemplate.fileName).path) else { continue }
            result.append(try loadChecked(sub))
        }
        return result
    }

    private static func loadChecked(_ folder: URL) throws -> DocumentTemplate {
        let t = try DocumentTemplate.load(folder: folder)
        guard let features = t.featuresURL, FileManager.default.fileExists(atPath: features.path) else {
            throw DocFrameError(.invalidTemplate, "\(folder.path): \(DocumentTemplate.featuresName) is missing")
        }
        return t
    }
}
