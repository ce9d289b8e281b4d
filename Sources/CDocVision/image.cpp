// Image handles: decoding, camera buffers, encoding. See docvision.h for the contract.
#include "dv_internal.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdlib>
#include <cstring>
#include <vector>

extern "C" {

dv_status dv_image_decode(const uint8_t *bytes, size_t length, int apply_orientation, int reduction,
                          int64_t max_pixels, dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(bytes && length > 0, error, "no bytes to decode");
        DV_REQUIRE(out, error, "null output pointer");
        // imdecode takes a Mat header over the caller's bytes; it does not copy them.
        cv::Mat raw(1, static_cast<int>(length), CV_8UC1, const_cast<uint8_t *>(bytes));
        int flags = cv::IMREAD_COLOR;
        switch (reduction) {
            case 1: break;
            case 2: flags = cv::IMREAD_REDUCED_COLOR_2; break;
            case 4: flags = cv::IMREAD_REDUCED_COLOR_4; break;
            case 8: flags = cv::IMREAD_REDUCED_COLOR_8; break;
            default: return dv::fail(error, DV_ERR_INVALID_ARGUMENT, "reduction %d is not 1, 2, 4 or 8", reduction);
        }
        if (!apply_orientation) flags |= cv::IMREAD_IGNORE_ORIENTATION;
        cv::Mat mat = cv::imdecode(raw, flags);
        if (mat.empty()) return dv::fail(error, DV_ERR_TRUNCATED, "the decoder could not read the image data (corrupt, or a variant it does not read, such as floating-point TIFF)");
        if (max_pixels > 0 && static_cast<int64_t>(mat.cols) * mat.rows > max_pixels)
            return dv::fail(error, DV_ERR_TOO_LARGE, "%dx%d is over the pixel budget", mat.cols, mat.rows);
        if (mat.depth() != CV_8U) {
            cv::Mat eight;
            mat.convertTo(eight, CV_8U, mat.depth() == CV_16U ? 1.0 / 257.0 : 1.0);
            mat = eight;
        }
        return dv::emit(std::move(mat), out, error);
    });
}

dv_status dv_image_from_pixels(dv_pixel_format format, int32_t width, int32_t height,
                               const uint8_t *plane0, size_t plane0_stride, size_t plane0_length,
                               const uint8_t *plane1, size_t plane1_stride, size_t plane1_length,
                               dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(out && plane0, error, "null pointer");
        DV_REQUIRE(width > 0 && height > 0, error, "size %dx%d is empty", width, height);
        size_t bpp = 0;
        switch (format) {
            case DV_PIXEL_BGRA: case DV_PIXEL_RGBA: bpp = 4; break;
            case DV_PIXEL_BGR: case DV_PIXEL_RGB: bpp = 3; break;
            case DV_PIXEL_GRAY8: case DV_PIXEL_NV12: bpp = 1; break;
            default: return dv::fail(error, DV_ERR_INVALID_ARGUMENT, "unknown pixel format %d", (int)format);
        }
        const size_t row = static_cast<size_t>(width) * bpp;
        DV_REQUIRE(plane0_stride >= row, error, "row stride %zu is smaller than a row (%zu bytes)", plane0_stride, row);
        // The last row need not be padded out to the full stride.
        const size_t need0 = plane0_stride * static_cast<size_t>(height - 1) + row;
        DV_REQUIRE(plane0_length >= need0, error, "buffer holds %zu bytes, %zu needed", plane0_length, need0);
        cv::Mat src(height, width, CV_8UC(static_cast<int>(bpp)), const_cast<uint8_t *>(plane0), plane0_stride);
        cv::Mat result;
        switch (format) {
            case DV_PIXEL_BGRA: cv::cvtColor(src, result, cv::COLOR_BGRA2BGR); break;
            case DV_PIXEL_RGBA: cv::cvtColor(src, result, cv::COLOR_RGBA2BGR); break;
            case DV_PIXEL_RGB: cv::cvtColor(src, result, cv::COLOR_RGB2BGR); break;
            case DV_PIXEL_BGR: result = src.clone(); break;
            case DV_PIXEL_GRAY8: result = src.clone(); break;
            case DV_PIXEL_NV12: {
                DV_REQUIRE(width % 2 == 0 && height % 2 == 0, error, "NV12 needs even width and height, got %dx%d", width, height);
                DV_REQUIRE(plane1, error, "NV12 needs its chroma plane");
                DV_REQUIRE(plane1_stride >= row, error, "chroma stride %zu is smaller than a row (%zu bytes)", plane1_stride, row);
                const size_t need1 = plane1_stride * static_cast<size_t>(height / 2 - 1) + row;
                DV_REQUIRE(plane1_length >= need1, error, "chroma plane holds %zu bytes, %zu needed", plane1_length, need1);
                // cvtColor wants one contiguous (h*3/2) x w matrix: pack the two planes.
                cv::Mat packed(height * 3 / 2, width, CV_8UC1);
                src.copyTo(packed.rowRange(0, height));
                cv::Mat chroma(height / 2, width, CV_8UC1, const_cast<uint8_t *>(plane1), plane1_stride);
                chroma.copyTo(packed.rowRange(height, height * 3 / 2));
                cv::cvtColor(packed, result, cv::COLOR_YUV2BGR_NV12);
                break;
            }
        }
        return dv::emit(std::move(result), out, error);
    });
}

void dv_image_destroy(dv_image *image) { delete image; }

int32_t dv_image_width(const dv_image *image) { return image ? image->mat.cols : 0; }
int32_t dv_image_height(const dv_image *image) { return image ? image->mat.rows : 0; }
int32_t dv_image_channels(const dv_image *image) { return image ? image->mat.channels() : 0; }

dv_status dv_image_copy_pixels(const dv_image *image, uint8_t *buffer, size_t length, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && buffer, error, "null pointer");
        const cv::Mat &m = image->mat;
        const size_t row = static_cast<size_t>(m.cols) * m.elemSize();
        DV_REQUIRE(length >= row * m.rows, error, "buffer holds %zu bytes, %zu needed", length, row * m.rows);
        for (int y = 0; y < m.rows; ++y) std::memcpy(buffer + row * y, m.ptr(y), row);
        return dv::ok(error);
    });
}

dv_status dv_image_encode(const dv_image *image, dv_encoding encoding, int32_t quality,
                          uint8_t **out_bytes, size_t *out_length, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && out_bytes && out_length, error, "null pointer");
        std::vector<uchar> encoded;
        std::vector<int> params;
        const char *ext = nullptr;
        switch (encoding) {
            case DV_ENCODE_JPEG:
            case DV_ENCODE_WEBP:
                DV_REQUIRE(quality >= 1 && quality <= 100, error, "quality %d is outside 1...100", quality);
                ext = encoding == DV_ENCODE_JPEG ? ".jpg" : ".webp";
                params = {encoding == DV_ENCODE_JPEG ? cv::IMWRITE_JPEG_QUALITY : cv::IMWRITE_WEBP_QUALITY, quality};
                break;
            case DV_ENCODE_PNG: ext = ".png"; params = {cv::IMWRITE_PNG_COMPRESSION, 3}; break;
            case DV_ENCODE_TIFF: ext = ".tiff"; break;
            case DV_ENCODE_BMP: ext = ".bmp"; break;
            default: return dv::fail(error, DV_ERR_INVALID_ARGUMENT, "unknown encoding %d", (int)encoding);
        }
        if (!cv::imencode(ext, image->mat, encoded, params))
            return dv::fail(error, DV_ERR_INTERNAL, "the encoder refused the image");
        auto *bytes = static_cast<uint8_t *>(std::malloc(encoded.size()));
        if (!bytes) return dv::fail(error, DV_ERR_OUT_OF_MEMORY, "out of memory");
        std::memcpy(bytes, encoded.data(), encoded.size());
        *out_bytes = bytes;
        *out_length = encoded.size();
        return dv::ok(error);
    });
}

void dv_buffer_free(uint8_t *bytes) { std::free(bytes); }

}  // extern "C"
