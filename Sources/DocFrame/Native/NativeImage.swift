internal import CDocVision

/// Owns one `dv_image` handle and frees it when the last `Image` referring to it goes away.
///
/// `@unchecked Sendable`: the shim never mutates an image after returning its handle, and
/// reads are reentrant (docvision.h), so sharing the handle across threads is safe.
final class NativeImage: @unchecked Sendable {
    let handle: OpaquePointer

    init(taking handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        dv_image_destroy(handle)
    }

    var width: Int { Int(dv_image_width(handle)) }
    var height: Int { Int(dv_image_height(handle)) }
    var channels: Int { Int(dv_image_channels(handle)) }
}
