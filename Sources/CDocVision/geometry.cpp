// Geometry helpers every layer needs: colour conversion, resize, crop, quarter turns, warp.
#include "dv_area_resize.hpp"
#include "dv_internal.hpp"

#include <opencv2/imgproc.hpp>

extern "C" {

dv_status dv_image_to_gray(const dv_image *image, dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image, error, "null image");
        if (image->mat.channels() == 1) return dv::emit(image->mat, out, error);  // shares the immutable pixels
        cv::Mat gray;
        cv::cvtColor(image->mat, gray, cv::COLOR_BGR2GRAY);
        return dv::emit(std::move(gray), out, error);
    });
}

dv_status dv_image_to_bgr(const dv_image *image, dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image, error, "null image");
        if (image->mat.channels() == 3) return dv::emit(image->mat, out, error);
        cv::Mat bgr;
        cv::cvtColor(image->mat, bgr, cv::COLOR_GRAY2BGR);
        return dv::emit(std::move(bgr), out, error);
    });
}

static int interpolation_flag(dv_interpolation interpolation) {
    switch (interpolation) {
        case DV_INTERP_AREA: return cv::INTER_AREA;
        case DV_INTERP_NEAREST: return cv::INTER_NEAREST;
        case DV_INTERP_CUBIC: return cv::INTER_CUBIC;
        default: return cv::INTER_LINEAR;
    }
}

dv_status dv_image_resize(const dv_image *image, int32_t width, int32_t height,
                          dv_interpolation interpolation, dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image, error, "null image");
        DV_REQUIRE(width > 0 && height > 0 && width <= 65535 && height <= 65535, error, "bad target size %dx%d", width, height);
        cv::Mat resized;
        if (interpolation == DV_INTERP_AREA) dv::resizeArea(image->mat, resized, cv::Size(width, height));
        else cv::resize(image->mat, resized, cv::Size(width, height), 0, 0, interpolation_flag(interpolation));
        return dv::emit(std::move(resized), out, error);
    });
}

dv_status dv_image_crop(const dv_image *image, int32_t x, int32_t y, int32_t w, int32_t h,
                        dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image, error, "null image");
        cv::Rect wanted(x, y, w, h);
        cv::Rect clipped = wanted & cv::Rect(0, 0, image->mat.cols, image->mat.rows);
        DV_REQUIRE(clipped.area() > 0, error, "crop [%d, %d, %d, %d] lies outside the %dx%d image", x, y, w, h,
                   image->mat.cols, image->mat.rows);
        return dv::emit(image->mat(clipped).clone(), out, error);
    });
}

dv_status dv_image_rotate90(const dv_image *image, int32_t quarter_turns, dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image, error, "null image");
        const int turns = ((quarter_turns % 4) + 4) % 4;
        if (turns == 0) return dv::emit(image->mat, out, error);
        cv::Mat rotated;
        const cv::RotateFlags codes[] = {cv::ROTATE_90_CLOCKWISE, cv::ROTATE_180, cv::ROTATE_90_COUNTERCLOCKWISE};
        cv::rotate(image->mat, rotated, codes[turns - 1]);
        return dv::emit(std::move(rotated), out, error);
    });
}

dv_status dv_image_warp_quad(const dv_image *image, const float corners[8], int32_t width, int32_t height,
                             dv_image **out, dv_error *error) {
    return dv::guarded(error, [&]() -> dv_status {
        DV_REQUIRE(image && corners, error, "null pointer");
        DV_REQUIRE(width > 0 && height > 0 && width <= 16384 && height <= 16384, error, "bad target size %dx%d", width, height);
        cv::Point2f src[4], dst[4];
        for (int i = 0; i < 4; ++i) src[i] = cv::Point2f(corners[2 * i], corners[2 * i + 1]);
        dst[0] = {0.f, 0.f};
        dst[1] = {static_cast<float>(width), 0.f};
        dst[2] = {static_cast<float>(width), static_cast<float>(height)};
        dst[3] = {0.f, static_cast<float>(height)};
        // A degenerate quad (three corners on a line) gives a singular transform: refuse it.
        const double area = cv::contourArea(std::vector<cv::Point2f>(src, src + 4));
        DV_REQUIRE(area > 1.0, error, "the quad is degenerate (area %.1f)", area);
        cv::Mat transform = cv::getPerspectiveTransform(src, dst);
        cv::Mat warped;
        cv::warpPerspective(image->mat, warped, transform, cv::Size(width, height), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        return dv::emit(std::move(warped), out, error);
    });
}

}  // extern "C"
