// docsynth.h: photo-effect primitives for scripts/synthesize-captures (issue 3).
//
// A plain-C API over OpenCV. The Swift tool decides everything (where the document goes, which
// effects, how strong; all randomness is drawn in Swift from a seeded generator) and calls these
// functions to do the pixel work on a mutable BGR canvas. Every entry point catches every C++
// exception and returns a status code with a message, so nothing crosses into Swift.
#ifndef DOCSYNTH_H
#define DOCSYNTH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ds_status {
    DS_OK = 0,
    DS_ERR_INVALID_ARGUMENT = 1,
    DS_ERR_OUT_OF_MEMORY = 2,
    DS_ERR_INTERNAL = 3,
} ds_status;

typedef struct ds_error {
    int code;
    char message[256];
} ds_error;

/// A mutable 8-bit BGR image. Owned by the caller, freed with ds_canvas_free.
typedef struct ds_canvas ds_canvas;

/// A new canvas filled with one colour (B, G, R in 0...255).
ds_status ds_canvas_new(int width, int height, const double bgr[3], ds_canvas **out, ds_error *error);
/// A canvas copied from packed or strided BGR pixels.
ds_status ds_canvas_from_bgr(const uint8_t *pixels, int width, int height, size_t bytes_per_row,
                             ds_canvas **out, ds_error *error);
ds_status ds_canvas_clone(const ds_canvas *canvas, ds_canvas **out, ds_error *error);
void ds_canvas_free(ds_canvas *canvas);
int ds_canvas_width(const ds_canvas *canvas);
int ds_canvas_height(const ds_canvas *canvas);
/// Copies the pixels out, tightly packed (width x 3 bytes a row); capacity must hold them.
ds_status ds_canvas_copy_bgr(const ds_canvas *canvas, uint8_t *out, size_t capacity, ds_error *error);
/// Replaces the canvas's pixels with a resized copy (area averaging when shrinking).
ds_status ds_canvas_resize(ds_canvas *canvas, int width, int height, ds_error *error);

/// Background kinds for ds_background.
typedef enum ds_background_kind {
    DS_BG_GRADIENT = 0,  // two-colour gradient with soft blotches (a wall, a plain table)
    DS_BG_WOOD = 1,      // wood grain along `angle`
    DS_BG_FABRIC = 2,    // woven cloth
    DS_BG_DESK = 3,      // laminate / paper desk: flat colour, fine speckle
    DS_BG_STONE = 4,     // speckled countertop
    DS_BG_ROOM = 5,      // out-of-focus room: large blurred blobs (a card held up in the air)
} ds_background_kind;

/// Fills the whole canvas with a procedural texture in the two colours given.
/// `scale` stretches the texture (1 = about right for a 1280-wide frame).
ds_status ds_background(ds_canvas *canvas, int kind, uint64_t seed, const double base_bgr[3],
                        const double accent_bgr[3], double angle_deg, double scale, ds_error *error);

/// Fills a polygon (xy pairs) with a colour at `alpha` (0...1); `feather` > 0 softens the edge
/// (Gaussian sigma in pixels).
ds_status ds_fill_polygon(ds_canvas *canvas, const double *xy, int count, const double bgr[3], double alpha,
                          double feather, ds_error *error);
ds_status ds_fill_ellipse(ds_canvas *canvas, double cx, double cy, double rx, double ry, double angle_deg,
                          const double bgr[3], double alpha, double feather, ds_error *error);
/// Draws a polyline (closed or open) `thickness` pixels wide.
ds_status ds_stroke_polyline(ds_canvas *canvas, const double *xy, int count, int closed, const double bgr[3],
                             double thickness, double alpha, ds_error *error);
/// Hershey text (font 0...7 as cv::HersheyFonts) with its baseline-left at (x, y).
ds_status ds_draw_text(ds_canvas *canvas, const char *text, double x, double y, double scale, const double bgr[3],
                       int thickness, int font, ds_error *error);
/// Width and height in pixels that ds_draw_text would cover.
ds_status ds_text_size(const char *text, double scale, int thickness, int font, double *width, double *height,
                       ds_error *error);

/// Warps `source` onto `canvas` through the homography `h` (row-major 3x3, source pixels to
/// canvas pixels), with corners rounded by `corner_radius` source pixels and anti-aliased edges.
/// A soft drop shadow (`shadow_strength` 0...1, offset, blur sigma) is laid down first.
ds_status ds_composite(ds_canvas *canvas, const ds_canvas *source, const double h[9], double corner_radius,
                       double shadow_strength, double shadow_dx, double shadow_dy, double shadow_blur,
                       ds_error *error);

/// Multiplies the canvas by a lighting field: a linear gradient from gain0 at (x0, y0) to
/// gain1 at (x1, y1), a vignette (0 none ... 1 black corners) and a colour tint (per-channel gain).
ds_status ds_lighting(ds_canvas *canvas, double x0, double y0, double gain0, double x1, double y1, double gain1,
                      double vignette, const double tint_bgr[3], ds_error *error);
/// Darkens a polygon by `strength` (0...1) with edges blurred by `blur` sigma: a cast shadow.
ds_status ds_shadow(ds_canvas *canvas, const double *xy, int count, double strength, double blur, ds_error *error);
/// Adds a specular highlight: an elliptical Gaussian blob (sigma rx, ry, rotated) whose core
/// saturates at `intensity` >= 1, limited to the polygon `clip_xy` (the document) when count > 0.
ds_status ds_glare(ds_canvas *canvas, double cx, double cy, double rx, double ry, double angle_deg, double intensity,
                   const double *clip_xy, int clip_count, ds_error *error);
/// out = 255 * (gain * in / 255) ^ gamma: exposure and contrast.
ds_status ds_exposure(ds_canvas *canvas, double gain, double gamma, ds_error *error);
/// Gaussian sensor noise: `sigma` on luminance, `chroma_sigma` per channel, deterministic for `seed`.
ds_status ds_noise(ds_canvas *canvas, double sigma, double chroma_sigma, uint64_t seed, ds_error *error);
/// Lens defocus: a disk kernel of `radius` pixels.
ds_status ds_defocus(ds_canvas *canvas, double radius, ds_error *error);
/// Linear motion blur `length` pixels long at `angle_deg`.
ds_status ds_motion_blur(ds_canvas *canvas, double length, double angle_deg, ds_error *error);
/// Gaussian blur of the whole canvas.
ds_status ds_gaussian(ds_canvas *canvas, double sigma, ds_error *error);
/// Encodes as JPEG at `quality` and decodes again: compression artefacts.
ds_status ds_jpeg_roundtrip(ds_canvas *canvas, int quality, ds_error *error);
/// Draws a finger (skin-coloured capsule with shading, nail and a soft shadow): the fingertip
/// at (tip_x, tip_y), the finger running from there along `angle_deg` for `length` pixels
/// (point it off the image), `width` pixels across. `nail` 0 draws a plain capsule (the palm
/// behind a thumb).
ds_status ds_finger(ds_canvas *canvas, double tip_x, double tip_y, double angle_deg, double width, double length,
                    const double skin_bgr[3], int nail, uint64_t seed, ds_error *error);

#ifdef __cplusplus
}
#endif
#endif
