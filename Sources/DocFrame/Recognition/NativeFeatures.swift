internal import CDocVision
import Foundation

/// Owns one `dv_features` handle: ORB keypoints and descriptors of a template or a query image.
///
/// `@unchecked Sendable`: the shim never mutates features after returning the handle.
final class NativeFeatures: @unchecked Sendable {
    let handle: OpaquePointer

    init(taking handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        dv_features_destroy(handle)
    }

    var count: Int { Int(dv_features_count(handle)) }
    var width: Int { Int(dv_features_width(handle)) }
    var height: Int { Int(dv_features_height(handle)) }

    /// Detects keypoints; images longer than `workSize` are searched downscaled, keypoints are
    /// in `image`'s pixels.
    static func detect(in image: Image, maxFeatures: Int, workSize: Int = 640, thumbnail: Bool = false) throws -> NativeFeatures {
        try make { out, error in
            dv_features_detect(image.native.handle, Int32(maxFeatures), Int32(workSize), thumbnail ? 1 : 0, out, error)
        }
    }

    /// `detect` without the `skipLevels` finest levels of ORB's pyramid (`dv_features_detect_coarse`):
    /// every keypoint at the scales where a blur spans fewer pixels.
    static func detectCoarse(in image: Image, maxFeatures: Int, workSize: Int = 640, skipLevels: Int) throws -> NativeFeatures {
        try make { out, error in
            dv_features_detect_coarse(image.native.handle, Int32(maxFeatures), Int32(workSize), Int32(skipLevels), out, error)
        }
    }

    static func load(from url: URL) throws -> NativeFeatures {
        try make { out, error in dv_features_load(url.path, out, error) }
    }

    /// The template's stability mask (1 = design every training sample shared, 0 = personal
    /// data), row by row, with its size; nil for a query's features (no mask).
    func stability() throws -> (mask: [Float], width: Int, height: Int)? {
        var width: Int32 = 0
        var height: Int32 = 0
        try DocVision.check { dv_features_stability(handle, nil, 0, &width, &height, $0) }
        guard width > 0, height > 0 else { return nil }
        var mask = [Float](repeating: 0, count: Int(width * height))
        try mask.withUnsafeMutableBufferPointer { buffer in
            try DocVision.check { dv_features_stability(handle, buffer.baseAddress, Int32(buffer.count), &width, &height, $0) }
        }
        return (mask, Int(width), Int(height))
    }

    func save(to url: URL) throws {
        try DocVision.check { dv_features_save(handle, url.path, $0) }
    }

    static func make(_ body: (UnsafeMutablePointer<OpaquePointer?>, UnsafeMutablePointer<dv_error>) -> dv_status) throws -> NativeFeatures {
        var handle: OpaquePointer?
        var error = dv_error()
        let status = body(&handle, &error)
        guard status == DV_OK, let handle else { throw DocVision.error(status, error) }
        return NativeFeatures(taking: handle)
    }
}
