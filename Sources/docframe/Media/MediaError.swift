import CDocMedia
import DocFrame

/// The doorway to CDocMedia: runs a `dm_*` call and turns its status into a `DocFrameError`.
enum Media {
    static func check(_ body: (UnsafeMutablePointer<dm_error>) -> dm_status) throws {
        var error = dm_error()
        let status = body(&error)
        guard status == DM_OK else {
            let message = withUnsafeBytes(of: error.message) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            let code: DocFrameError.Code
            switch status {
            case DM_ERR_INVALID_ARGUMENT: code = .invalidArgument
            case DM_ERR_IO: code = .ioError
            case DM_ERR_UNSUPPORTED: code = .unsupportedFormat
            default: code = .internalError
            }
            throw DocFrameError(code, message.isEmpty ? "status \(status.rawValue)" : message)
        }
    }
}
