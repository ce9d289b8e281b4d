import Foundation

/// Expands the command line's inputs: files as given; folders recursively, sorted by path,
/// taking only image extensions (DESIGN.md, command line). A named file is always tried, so a
/// missing one still appears in the output with `fileNotFound`.
enum InputFiles {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "tif", "tiff", "bmp"]

    static func expand(_ inputs: [String]) -> [String] {
        var result: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue else {
                result.append(input)
                continue
            }
            result += imagesUnder(input)
        }
        return result
    }

    static func imagesUnder(_ folder: String) -> [String] {
        // Foundation's walker on Linux does not descend into a folder named through a symlink
        // (an evaluation set of linked folders came out empty), so walk the folder it points
        // at while the paths printed keep the name the caller gave.
        let target = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: target) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let ext = (relative as NSString).pathExtension.lowercased()
            guard imageExtensions.contains(ext) else { continue }
            let path = folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(path)
            }
        }
        return found.sorted()
    }
}
