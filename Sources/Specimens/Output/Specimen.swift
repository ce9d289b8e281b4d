import DocFrame
import Foundation

/// One rendered document side: its PNG and its ground-truth sidecar.
public struct Specimen: Sendable {
    public let design: DesignInfo
    public let side: DocumentSide
    public let seed: UInt64
    public let png: Data
    public let width: Int
    public let height: Int
    /// Personal fields in drawing order (name, ground-truth value).
    public let fields: [(String, String)]
    /// Named regions in canvas pixels.
    public let regions: [(String, Rect)]
    public let mrz: [String]?

    /// The file stem: `<design>-<side>-<seed>`.
    public var stem: String { "\(design.id)-\(side.rawValue)-\(seed)" }

    /// The sidecar object (DESIGN.md, render-specimen): keys in contract order.
    public var sidecar: JSONValue {
        .object([
            ("templateId", .string(design.templateId(side))),
            ("label", .string(design.label)),
            ("kind", .string(design.kind.rawValue)),
            ("side", .string(side.rawValue)),
            ("jurisdiction", .string(design.jurisdiction)),
            ("size", .array([.number(Double(width)), .number(Double(height))])),
            ("fields", .object(fields.map { ($0.0, .string($0.1)) })),
            ("mrz", JSONValue.optional(mrz) { .array($0.map(JSONValue.string)) }),
            ("regions", .object(regions.map { ($0.0, .array($0.1.pixelBox.map { .number(Double($0)) })) })),
            // Beyond the contract's keys (appended so its order is untouched): what `template train
            // --policy` needs, and the rounded corners (painted `SpecimenRenderer.cornerColor` in the
            // PNG) that a capture synthesiser should mask to show its background.
            ("policy", .string(design.policy.rawValue)),
            ("cornerRadius", .number(design.cornerRadius)),
        ])
    }

    /// Writes `DIR/<stem>.png` and `DIR/<stem>.json`, creating DIR when needed.
    /// Returns the PNG's URL.
    @discardableResult
    public func write(to directory: URL) throws -> URL {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let png = directory.appendingPathComponent(stem + ".png")
            try self.png.write(to: png, options: .atomic)
            try Data((sidecar.rendered() + "\n").utf8).write(to: directory.appendingPathComponent(stem + ".json"),
                                                              options: .atomic)
            return png
        } catch let error as DocFrameError {
            throw error
        } catch {
            throw DocFrameError(.ioError, "cannot write to \(directory.path): \(error.localizedDescription)")
        }
    }
}
