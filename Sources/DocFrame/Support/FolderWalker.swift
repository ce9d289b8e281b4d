import Foundation

/// Lists a folder's files recursively, for the command's inputs and for ground-truth folders.
///
/// Why it exists: Foundation's walker on Linux does not descend into a folder named through a
/// symlink, so an evaluation set made of linked folders came out empty and a run "succeeded"
/// on nothing. The walk follows the link; the paths returned keep the name the caller gave.
package enum FolderWalker {
    /// Every entry under `folder` (files and folders, recursively) as `folder/relative`, unsorted.
    package static func paths(under folder: String) -> [String] {
        let target = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: target) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            found.append((folder as NSString).appendingPathComponent(relative))
        }
        return found
    }
}
