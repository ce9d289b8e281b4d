// testdrawing.h: a tiny canvas for DocFrame's tests (TrueType text through OpenCV's freetype
// module, rectangles, photo degradations). Test-only: the library never links freetype.
// Every function returns 0 on success and non-zero on failure (no exception escapes).
#ifndef TESTDRAWING_H
#define TESTDRAWING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct td_canvas td_canvas;

/// A grey canvas filled with `gray`.
td_canvas *td_canvas_create(int32_t width, int32_t height, int32_t gray);
void td_canvas_destroy(td_canvas *canvas);
int32_t td_canvas_width(const td_canvas *canvas);
int32_t td_canvas_height(const td_canvas *canvas);

/// Draws `text` (UTF-8) with the font file at `font_path`, glyph height `height` pixels, its
/// top-left corner at (x, y), in grey level `gray`. Returns the drawn width in `out_width`.
int td_canvas_text(td_canvas *canvas, const char *font_path, const char *text, int32_t x, int32_t y,
                   int32_t height, int32_t gray, int32_t *out_width);

/// The width `text` would take at `height` pixels.
int td_text_width(const char *font_path, const char *text, int32_t height, int32_t *out_width);

/// Fills a rectangle.
int td_canvas_rect(td_canvas *canvas, int32_t x, int32_t y, int32_t w, int32_t h, int32_t gray);

/// Degrades the whole canvas like a photo: rotation by `degrees` about the centre (border
/// replicated), Gaussian blur of `blur_sigma`, a left-to-right light gradient of `light_ramp`
/// (0..1: the darkest side loses that share of brightness), Gaussian noise of `noise_sigma`
/// grey levels from `seed`.
int td_canvas_degrade(td_canvas *canvas, double degrees, double blur_sigma, double light_ramp,
                      double noise_sigma, uint32_t seed);

/// Places the canvas as a quad (4 corners, x0,y0..x3,y3: its top-left, top-right, bottom-right,
/// bottom-left) onto a new `width` x `height` canvas filled with `background`, replacing `canvas`.
int td_canvas_place(td_canvas *canvas, const float corners[8], int32_t width, int32_t height,
                    int32_t background);

/// Copies the pixels (width bytes a row) into `buffer` of `length` bytes.
int td_canvas_copy(const td_canvas *canvas, uint8_t *buffer, size_t length);

#ifdef __cplusplus
}
#endif

#endif
