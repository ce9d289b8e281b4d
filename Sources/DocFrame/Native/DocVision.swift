internal import CDocVision

/// The single doorway to the C shim: runs a `dv_*` call and turns its status into a
/// `DocFrameError`. Every foreign call in the library goes through here or through the
/// Tesseract pool, so policy code never sees a C type.
enum DocVision {
    /// Calls a shim function that produces an image handle.
    static func makeImage(_ body: (UnsafeMutablePointer<OpaquePointer?>, UnsafeMutablePointer<dv_error>) -> dv_status) throws -> NativeImage {
        var handle: OpaquePointer?
        var error = dv_error()
        let status = body(&handle, &error)
        guard status == DV_OK, let handle else {
            throw DocVision.error(status, error)
        }
        return NativeImage(taking: handle)
    }

    /// Calls a shim function that only reports a status.
    static func check(_ body: (UnsafeMutablePointer<dv_error>) -> dv_status) throws {
        var error = dv_error()
        let status = body(&error)
        guard status == DV_OK else { throw DocVision.error(status, error) }
    }

    static func error(_ status: dv_status, _ error: dv_error) -> DocFrameError {
        let message = withUnsafeBytes(of: error.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let code: DocFrameError.Code
        switch status {
        case DV_ERR_INVALID_ARGUMENT: code = .invalidArgument
        case DV_ERR_NOT_AN_IMAGE: code = .notAnImage
        case DV_ERR_UNSUPPORTED: code = .unsupportedFormat
        case DV_ERR_TRUNCATED: code = .truncatedImage
        case DV_ERR_TOO_LARGE: code = .imageTooLarge
        case DV_ERR_OUT_OF_MEMORY: code = .outOfMemory
        default: code = .internalError
        }
        return DocFrameError(code, message.isEmpty ? "status \(status.rawValue)" : message)
    }
}
