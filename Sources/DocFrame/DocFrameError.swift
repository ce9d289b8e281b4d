/// The one error type DocFrame throws. Every failure of the C shim, of Tesseract and of input
/// handling is absorbed into a `Code` that callers can switch on and that the command line
/// prints as `error.code` (see DESIGN.md, classify).
///
/// Messages describe sizes, formats and paths, never the content of a document.
public struct DocFrameError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable, Codable {
        // Input (DESIGN.md's classify codes).
        case fileNotFound
        case ioError
        case emptyFile
        case notAnImage
        case truncatedImage
        case unsupportedFormat
        case imageTooLarge
        // Caller and configuration errors.
        case invalidArgument
        case invalidTemplate
        case resourcesNotFound
        // Failures inside OpenCV or Tesseract that the input did not explain.
        case outOfMemory
        case ocrFailed
        case internalError
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
