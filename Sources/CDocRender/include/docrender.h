// docrender.h: drawing primitives for the specimen renderer (issue 3).
//
// Why this exists: the specimen designs are written in Swift, but antialiased shapes, gradients,
// TrueType text and PNG encoding come from OpenCV (C++, throws). This header is plain C so no
// OpenCV type reaches Swift; every entry point catches every C++ exception and returns a status
// with a message instead.
//
// Coordinates are in canvas pixels as doubles (sub-pixel precision: shapes are drawn with
// 4 fractional bits). Colours are 0-255 per channel plus an opacity 0-1; every fill and stroke
// is alpha-blended over what is already on the canvas, with antialiased edges.
//
// Ownership: `dr_canvas_create` / `dr_font_create` return handles the caller frees with the
// matching destroy; `dr_canvas_encode_png` returns a buffer freed with `dr_buffer_free`.
// Thread-safety: a handle is used by one thread at a time (a font keeps size state while drawing).
#ifndef DOCRENDER_H
#define DOCRENDER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    DR_OK = 0,
    DR_ERR_INVALID_ARGUMENT = 1,  ///< a null pointer, a bad size, an empty polygon
    DR_ERR_IO = 2,                ///< a font file that cannot be read
    DR_ERR_OUT_OF_MEMORY = 3,
    DR_ERR_INTERNAL = 4           ///< an OpenCV failure we did not expect; see the message
} dr_status;

typedef struct {
    dr_status code;
    char message[256];
} dr_error;

/// A colour: red, green, blue 0-255 and opacity 0 (invisible) to 1 (opaque).
typedef struct {
    double r, g, b, a;
} dr_color;

/// An 8-bit BGR drawing surface.
typedef struct dr_canvas dr_canvas;
/// A loaded TrueType/OpenType font (cv::freetype).
typedef struct dr_font dr_font;

// MARK: - Canvas

/// A `width` x `height` canvas filled with `background` (its opacity is ignored).
dr_status dr_canvas_create(int32_t width, int32_t height, dr_color background, dr_canvas **out, dr_error *error);
void dr_canvas_destroy(dr_canvas *canvas);

/// Copies the canvas as packed BGR rows (width * 3 bytes each) into `out`, which holds `capacity` bytes.
dr_status dr_canvas_pixels(const dr_canvas *canvas, uint8_t *out, size_t capacity, dr_error *error);

/// Encodes the canvas as PNG (deterministic: same pixels, same bytes). Free with `dr_buffer_free`.
dr_status dr_canvas_encode_png(const dr_canvas *canvas, uint8_t **out, size_t *length, dr_error *error);
void dr_buffer_free(uint8_t *buffer);

// MARK: - Shapes

/// Fills a rectangle; `radius` > 0 rounds its corners.
dr_status dr_fill_rect(dr_canvas *canvas, double x, double y, double w, double h, double radius,
                       dr_color color, dr_error *error);

/// Strokes a rectangle's outline (centred on the edge); `radius` > 0 rounds its corners.
dr_status dr_stroke_rect(dr_canvas *canvas, double x, double y, double w, double h, double radius,
                         double thickness, dr_color color, dr_error *error);

/// Fills a polygon given as `count` (x, y) pairs in `xy` (2 * count doubles).
dr_status dr_fill_polygon(dr_canvas *canvas, const double *xy, int32_t count, dr_color color, dr_error *error);

/// Fills an ellipse centred at (cx, cy) with radii rx, ry, turned by `angle` degrees.
dr_status dr_fill_ellipse(dr_canvas *canvas, double cx, double cy, double rx, double ry, double angle,
                          dr_color color, dr_error *error);

/// Strokes an ellipse's outline.
dr_status dr_stroke_ellipse(dr_canvas *canvas, double cx, double cy, double rx, double ry, double angle,
                            double thickness, dr_color color, dr_error *error);

/// Strokes `line_count` polylines in one colour, blended once (so crossings do not darken).
/// `counts[i]` points of line i follow one another in `xy`, which holds 2 * sum(counts) doubles;
/// `closed` joins each last point to its first.
dr_status dr_stroke_polylines(dr_canvas *canvas, const double *xy, const int32_t *counts, int32_t line_count,
                              int32_t closed, double thickness, dr_color color, dr_error *error);

/// Fills `count` rectangles (x, y, w, h quadruples in `rects`) in one colour (barcodes, stripes).
dr_status dr_fill_rects(dr_canvas *canvas, const double *rects, int32_t count, dr_color color, dr_error *error);

// MARK: - Gradients

/// Fills the rectangle with a linear gradient from `from` at (x0, y0) to `to` at (x1, y1),
/// constant along lines perpendicular to that axis; opacities are blended too.
dr_status dr_linear_gradient(dr_canvas *canvas, double x, double y, double w, double h,
                             double x0, double y0, double x1, double y1, dr_color from, dr_color to,
                             dr_error *error);

/// Fills the rectangle with a radial gradient: `inner` at (cx, cy), `outer` at `radius` and beyond.
dr_status dr_radial_gradient(dr_canvas *canvas, double x, double y, double w, double h,
                             double cx, double cy, double radius, dr_color inner, dr_color outer,
                             dr_error *error);

// MARK: - Text

/// Loads a font file (TrueType or OpenType).
dr_status dr_font_create(const char *path, dr_font **out, dr_error *error);
void dr_font_destroy(dr_font *font);

/// Measures UTF-8 `text` at pixel `height`: its advance width, its ascent above the baseline and
/// its descent below it.
dr_status dr_text_size(dr_font *font, const char *text, double height, double *width, double *ascent,
                       double *descent, dr_error *error);

/// Draws UTF-8 `text` with its baseline starting at (x, y), blended with the colour's opacity.
dr_status dr_draw_text(dr_canvas *canvas, dr_font *font, const char *text, double x, double y, double height,
                       dr_color color, dr_error *error);

// MARK: - Images

/// Pastes `source` scaled into the rectangle (x, y, w, h) of `canvas` with `opacity`;
/// `grayscale` non-zero pastes its luminance only (ghost portraits).
dr_status dr_paste(dr_canvas *canvas, const dr_canvas *source, double x, double y, double w, double h,
                   double opacity, int32_t grayscale, dr_error *error);

/// Gaussian-blurs the rectangle in place (softens drawn portraits).
dr_status dr_blur(dr_canvas *canvas, double x, double y, double w, double h, double sigma, dr_error *error);

#ifdef __cplusplus
}
#endif
#endif
