// Image handles: decoding, camera buffers, encoding. See docvision.h for the contract.
#include "dv_internal.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <jpeglib.h>

namespace {

/// libjpeg's errors end the decode (`fastJpeg` then leaves it to OpenCV); its warnings are counted.
struct JpegErrors {
    jpeg_error_mgr manager;
    std::jmp_buf failed;
};

void jpegFailed(j_common_ptr info) { std::longjmp(reinterpret_cast<JpegErrors *>(info->err)->failed, 1); }
void jpegQuiet(j_common_ptr info, int level) {
    if (level < 0) ++info->err->num_warnings;
}

/// The orientation tag OpenCV's decoder would read from the first APP1 marker (`ExifReader`:
/// byte order, IFD0's entries, tag 0x0112's 16-bit value), 1 when there is no such marker or
/// tag; -1 when the marker is anything this strict reading is unsure of (OpenCV decides then).
int exifOrientation(const jpeg_decompress_struct &info) {
    const jpeg_saved_marker_ptr app1 = [&] {
        for (jpeg_saved_marker_ptr m = info.marker_list; m; m = m->next)
            if (m->marker == JPEG_APP0 + 1) return m;
        return jpeg_saved_marker_ptr(nullptr);
    }();
    if (!app1) return 1;
    const size_t length = app1->data_length;
    if (length < 6 + 8 || std::memcmp(app1->data, "Exif\0\0", 6) != 0) return -1;
    const uint8_t *tiff = app1->data + 6;
    const size_t size = length - 6;
    bool intel;
    if (tiff[0] == 'I' && tiff[1] == 'I') intel = true;
    else if (tiff[0] == 'M' && tiff[1] == 'M') intel = false;
    else return -1;
    auto u16 = [&](size_t at) { return intel ? tiff[at] | tiff[at + 1] << 8 : tiff[at] << 8 | tiff[at + 1]; };
    auto u32 = [&](size_t at) {
        return intel ? uint32_t(tiff[at]) | uint32_t(tiff[at + 1]) << 8 | uint32_t(tiff[at + 2]) << 16 | uint32_t(tiff[at + 3]) << 24
                     : uint32_t(tiff[at]) << 24 | uint32_t(tiff[at + 1]) << 16 | uint32_t(tiff[at + 2]) << 8 | uint32_t(tiff[at + 3]);
    };
    if (u16(2) != 42) return -1;
    const size_t ifd = u32(4);
    if (ifd < 8 || ifd + 2 > size) return -1;
    const size_t entries = u16(ifd);
    if (ifd + 2 + entries * 12 > size) return -1;
    int orientation = 1, found = 0;
    for (size_t e = 0; e < entries; ++e) {
        const size_t at = ifd + 2 + e * 12;
        if (u16(at) == 0x0112) {
            orientation = u16(at + 8);
            ++found;
        }
    }
    return found <= 1 ? orientation : -1;
}

/// A colour JPEG decoded by libjpeg straight into BGR. OpenCV's decoder runs the same library
/// with the same settings but, as Debian builds it, asks for RGB and swaps every pixel's bytes
/// one at a time: its decode of a bench-mrz capture took 10.9 ms, this one 4.9 ms, with the
/// same pixels (compared on the 100 bench-mrz captures and 700 evaluation images, at every
/// reduction, and on all eight EXIF orientations). False, `out` to be ignored, for anything
/// else (grey, CMYK, Huffman tables left out, any warning or error, an EXIF marker this reading
/// is unsure of): OpenCV decodes those as before.
bool fastJpeg(const uint8_t *bytes, size_t length, int reduction, bool applyOrientation, int64_t maxPixels, cv::Mat &out) {
    if (length < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8 || bytes[2] != 0xFF) return false;
    jpeg_decompress_struct info;
    JpegErrors errors;
    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = jpegFailed;
    errors.manager.emit_message = jpegQuiet;
    jpeg_create_decompress(&info);
    volatile bool decoded = false;
    if (setjmp(errors.failed) == 0) {
        jpeg_mem_src(&info, bytes, static_cast<unsigned long>(length));
        jpeg_save_markers(&info, JPEG_APP0 + 1, 0xffff);
        const bool usable = jpeg_read_header(&info, TRUE) == JPEG_HEADER_OK && info.num_components == 3 &&
                            (info.ac_huff_tbl_ptrs[0] || info.ac_huff_tbl_ptrs[1] || info.dc_huff_tbl_ptrs[0] ||
                             info.dc_huff_tbl_ptrs[1]);
        const int orientation = usable ? exifOrientation(info) : -1;
        if (usable && orientation >= 1) {
            info.scale_num = 1;
            info.scale_denom = static_cast<unsigned int>(reduction);
            info.out_color_space = JCS_EXT_BGR;
            info.out_color_components = 3;
            jpeg_calc_output_dimensions(&info);
            const int64_t pixels = static_cast<int64_t>(info.output_width) * info.output_height;
            if (info.output_width > 0 && info.output_height > 0 && (maxPixels <= 0 || pixels <= maxPixels) &&
                info.output_width <= 65500 && info.output_height <= 65500) {
                out.create(static_cast<int>(info.output_height), static_cast<int>(info.output_width), CV_8UC3);
                jpeg_start_decompress(&info);
                bool whole = true;
                while (info.output_scanline < info.output_height) {
                    JSAMPROW row = out.ptr<uint8_t>(static_cast<int>(info.output_scanline));
                    if (jpeg_read_scanlines(&info, &row, 1) != 1) { whole = false; break; }
                }
                if (whole) jpeg_finish_decompress(&info);
                decoded = whole && errors.manager.num_warnings == 0;
                // OpenCV's ApplyExifOrientation.
                if (decoded && applyOrientation) {
                    switch (orientation) {
                        case 2: cv::flip(out, out, 1); break;
                        case 3: cv::flip(out, out, -1); break;
                        case 4: cv::flip(out, out, 0); break;
                        case 5: cv::transpose(out, out); break;
                        case 6: cv::transpose(out, out); cv::flip(out, out, 1); break;
                        case 7: cv::transpose(out, out); cv::flip(out, out, -1); break;
                        case 8: cv::transpose(out, out); cv::flip(out, out, 0); break;
                        default: break;
                    }
                }
            }
        }
    }
    jpeg_destroy_decompress(&info);
    return decoded;
}

}  // namespace

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
        cv::Mat mat;
        if (!fastJpeg(bytes, length, reduction, apply_orientation != 0, max_pixels, mat)) mat = cv::imdecode(raw, flags);
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
