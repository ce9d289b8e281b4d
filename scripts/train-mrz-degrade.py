#!/usr/bin/env python3
"""Degrades a text2image rendering of MRZ lines the way a photographed zone reaches the OCR.

Usage:
    train-mrz-degrade.py IN.tif OUT.tif --seed S [--cap-height PX]

Each text line of every page (ink-row bands of the clean rendering) gets its own degradation,
at strengths relative to the capitals' height, then is binarised as MRZReader binarises a cut
(Sources/CDocVision/mrz.cpp: mean adaptive with a margin of 12, or on the stretched cut a
Gaussian-weighted one with a margin of 20), over a block of 1.5 capital heights (the reader's
block is 1.5 heights of its padded cut, about 2.85 capital heights: the models measured in
scripts/train-mrz were trained with the smaller block, a difference not yet tried):
  - small: the zone photographed a few pixels high (1/2 to 1/4.5 of the model's size, area
    resampling, sensor noise, sometimes a strong JPEG pass), scaled back up cubically as the
    reader scales its cut;
  - defocus: a disc of 0.05 to 0.16 capital heights;
  - motion: a streak of 0.1 to 0.45 capital heights at any angle.
The glyphs stay where text2image put them, so its box file still holds.

Why: the model learnt OCR-B from clean renders, and on small or soft zones it confuses the
shapes those leave after binarising (3/5, 8/B/0, 1/I, M/N/H); text2image's own degradation
(speckle, light blur) does not reach them. Not shipped: see scripts/train-mrz for what it measured.
"""
import argparse
import random

import cv2
import numpy as np


def odd(v):
    n = max(3, int(round(v)))
    return n if n % 2 == 1 else n + 1


def binarise(cut, kind, line_height):
    block = odd(line_height * 1.5)
    if kind == "adaptive":
        smooth = cv2.GaussianBlur(cut, (3, 3), 0)
        return cv2.adaptiveThreshold(smooth, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, 12)
    stretched = cv2.normalize(cut, None, 0, 255, cv2.NORM_MINMAX)
    smooth = cv2.GaussianBlur(stretched, (3, 3), 0)
    return cv2.adaptiveThreshold(smooth, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, block, 20)


def degrade(band, cap, rng):
    img = band.astype(np.float32)
    kind = rng.choice(["small", "small", "defocus", "motion"])
    if kind == "small":
        f = rng.uniform(2.0, 4.5)
        h, w = band.shape
        small = cv2.resize(img, (max(8, int(w / f)), max(4, int(h / f))), interpolation=cv2.INTER_AREA)
        small += np.float32(np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(2, 9), small.shape))
        small = np.clip(small, 0, 255).astype(np.uint8)
        if rng.random() < 0.4:
            ok, enc = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(20, 60)])
            small = cv2.imdecode(enc, cv2.IMREAD_GRAYSCALE)
        return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    if kind == "defocus":
        r = cap * rng.uniform(0.05, 0.16)
        k = int(np.ceil(r))
        kernel = np.zeros((2 * k + 1, 2 * k + 1), np.float32)
        cv2.circle(kernel, (k * 16, k * 16), int(round(r * 16)), 1, -1, cv2.LINE_AA, 4)
    else:
        length = cap * rng.uniform(0.1, 0.45)
        a = np.deg2rad(rng.uniform(0, 180))
        k = int(np.ceil(length / 2)) + 1
        kernel = np.zeros((2 * k + 1, 2 * k + 1), np.float32)
        dx, dy = np.cos(a) * length / 2, np.sin(a) * length / 2
        cv2.line(kernel, (int(round((k - dx) * 16)), int(round((k - dy) * 16))),
                 (int(round((k + dx) * 16)), int(round((k + dy) * 16))), 1, 1, cv2.LINE_AA, 4)
    kernel /= max(kernel.sum(), 1e-6)
    out = cv2.filter2D(img, -1, kernel, borderType=cv2.BORDER_REFLECT)
    out += np.float32(np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(1, 6), out.shape))
    return np.clip(out, 0, 255).astype(np.uint8)


def line_bands(page):
    """(top, bottom) of every run of rows with ink."""
    rows = (page < 128).sum(axis=1) > 0
    bands, start = [], None
    for i, r in enumerate(list(rows) + [False]):
        if r and start is None:
            start = i
        elif not r and start is not None:
            if i - start >= 6:
                bands.append((start, i))
            start = None
    return bands


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cap-height", type=float, default=0, help="capital height in pixels (default: from the bands)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    ok, pages = cv2.imreadmulti(args.input, flags=cv2.IMREAD_GRAYSCALE)
    if not ok:
        raise SystemExit(f"cannot read {args.input}")
    out_pages = []
    for page in pages:
        out = np.full_like(page, 255)
        bands = line_bands(page)
        for top, bottom in bands:
            cap = args.cap_height or (bottom - top) * 0.85
            margin = int(cap * 0.6)
            y0, y1 = max(0, top - margin), min(page.shape[0], bottom + margin)
            cut = degrade(page[y0:y1], cap, rng)
            binary = binarise(cut, rng.choice(["adaptive", "local"]), cap)
            # Only the band's own rows: the margins overlap the neighbouring lines.
            a, b = top - y0 - 2, bottom - y0 + 2
            out[max(0, top - 2):bottom + 2] = binary[max(0, a):b][:out[max(0, top - 2):bottom + 2].shape[0]]
        out_pages.append(out)
    if not cv2.imwritemulti(args.output, out_pages):
        raise SystemExit(f"cannot write {args.output}")
    print(f"{len(out_pages)} pages")


if __name__ == "__main__":
    main()
