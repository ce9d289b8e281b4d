import Foundation
import DocFrame

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
        FolderWalker.paths(under: folder).filter { path in
            guard imageExtensions.contains((path as NSString).pathExtension.lowercased()) else { return false }
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }
}
