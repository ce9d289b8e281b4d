#!/usr/bin/env python3
"""MRZ training lines cut from synthesized captures the way DocFrame cuts them at run time.

Usage:
    train-mrz-lines.py CAPTURES_DIR FLAT_DIR OUT_BASE [--lines-per-page N] [--seed S] [--max-motion R] [--max-defocus R]

For every capture whose sidecar has an `mrz` (synthesize-captures output: `corners`, `source`,
`size`), the photo is flattened with its true corners to the flat's size; each zone line is
found in the clean flat (FLAT_DIR/<source>: ink rows inside the `mrz` region, one cell per
character, a tight box per glyph), cut from the flattened photo with MRZReader's padding
(0.6 of the line height either side, 0.45 above and below), scaled so the line is
DocFrame's 36 px (jittered, as the run-time line box is looser on blurred lines) and
binarised like MRZReader's first two cuts (mean adaptive; stretched Gaussian-weighted with a
margin of 20). Lines go onto pages OUT_BASE.<n>.tif with Tesseract box files OUT_BASE.<n>.box
(one box per glyph, `<` included).

Why: the legacy classifier learns glyph shapes from what it is shown. text2image's renders
have no motion or defocus blur of a photo, no glare and no JPEG blocks, so blurred zones read
nothing. Lines from the capture synthesizer carry those degradations, and binarised as at run
time they show the classifier the blobs it will meet.
Never prints MRZ contents.
"""
import argparse
import glob
import json
import os
import random

import cv2
import numpy as np

LINE_HEIGHT = 36
PAD_X, PAD_Y = 0.6, 0.45


def odd(v):
    n = max(1, int(round(v)))
    return n if n % 2 == 1 else n + 1


def binarise(cut, kind):
    if kind == "adaptive":
        smooth = cv2.GaussianBlur(cut, (3, 3), 0)
        return cv2.adaptiveThreshold(smooth, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, odd(LINE_HEIGHT * 1.5), 12)
    stretched = cv2.normalize(cut, None, 0, 255, cv2.NORM_MINMAX)
    smooth = cv2.GaussianBlur(stretched, (3, 3), 0)
    return cv2.adaptiveThreshold(smooth, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, odd(LINE_HEIGHT * 1.5), 20)


def zone_glyphs(flat_gray, region, lines):
    """Per zone line: the glyph boxes (x0, y0, x1, y1) in flat pixels, one per character."""
    x, y, w, h = region
    block = flat_gray[y:y + h, x:x + w]
    ink = block < 110
    rows = ink.sum(axis=1) > 0
    # Ink row runs: the zone's lines (a `<` run alone still has ink on its rows).
    runs, start = [], None
    for i, r in enumerate(list(rows) + [False]):
        if r and start is None:
            start = i
        elif not r and start is not None:
            runs.append((start, i))
            start = None
    runs = [r for r in runs if r[1] - r[0] >= 6]
    if len(runs) != len(lines):
        return None
    out = []
    for (r0, r1), text in zip(runs, lines):
        band = ink[r0:r1]
        cols = np.where(band.sum(axis=0) > 0)[0]
        if len(cols) == 0:
            return None
        left, right = cols[0], cols[-1] + 1
        pitch = (right - left) / len(text)
        boxes = []
        for i, ch in enumerate(text):
            c0, c1 = int(left + i * pitch), int(left + (i + 1) * pitch)
            cell = band[:, c0:c1]
            ys, xs = np.where(cell)
            if len(xs) == 0:
                return None
            boxes.append((x + c0 + xs.min(), y + r0 + ys.min(), x + c0 + xs.max() + 1, y + r0 + ys.max() + 1))
        out.append(boxes)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("captures")
    ap.add_argument("flats")
    ap.add_argument("out")
    ap.add_argument("--lines-per-page", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-motion", type=float, default=1.0, help="motion blur length per character height kept")
    ap.add_argument("--max-defocus", type=float, default=0.35, help="defocus radius per character height kept")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    samples = []  # (binary line image, [(char, box in line image)])
    flats = {}
    skipped = 0
    for sidecar in sorted(glob.glob(os.path.join(args.captures, "*.json"))):
        with open(sidecar) as f:
            truth = json.load(f)
        if not truth.get("mrz") or not truth.get("corners") or truth.get("negative"):
            continue
        source = truth["source"]
        if source not in flats:
            flat = cv2.imread(os.path.join(args.flats, source), cv2.IMREAD_GRAYSCALE)
            with open(os.path.join(args.flats, os.path.splitext(source)[0] + ".json")) as f:
                meta = json.load(f)
            flats[source] = zone_glyphs(flat, meta["regions"]["mrz"], meta["mrz"]) if flat is not None else None
        glyphs = flats[source]
        if glyphs is None:
            continue
        photo = cv2.imread(os.path.splitext(sidecar)[0] + ".jpg", cv2.IMREAD_GRAYSCALE)
        if photo is None:
            continue
        w, h = truth["size"]
        src = np.float32(truth["corners"])
        dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        flat = cv2.warpPerspective(photo, cv2.getPerspectiveTransform(src, dst), (w, h), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
        # Blur far wider than a character leaves nothing a reader could learn from (a person
        # cannot read it either): such lines would only blur the classes' prototypes.
        scale = np.sqrt(abs(cv2.contourArea(src)) / float(w * h))
        char_h = np.median([b[3] - b[1] for line in glyphs for b in line]) * scale
        effects = truth.get("effects") or {}
        if effects.get("motion", 0) > args.max_motion * char_h or effects.get("defocus", 0) > args.max_defocus * char_h:
            skipped += 1
            continue
        for text, boxes in zip(truth["mrz"], glyphs):
            x0 = min(b[0] for b in boxes); x1 = max(b[2] for b in boxes)
            y0 = min(b[1] for b in boxes); y1 = max(b[3] for b in boxes)
            box_h = (y1 - y0) * rng.uniform(1.0, 1.35)  # run-time line boxes are looser when blurred
            cy = (y0 + y1) / 2
            s = LINE_HEIGHT / box_h
            left = x0 - PAD_X * box_h
            top = cy - box_h / 2 - PAD_Y * box_h
            out_w = int(round((x1 - x0 + 2 * PAD_X * box_h) * s))
            out_h = int(round(box_h * (1 + 2 * PAD_Y) * s))
            m = np.float64([[s, 0, -left * s], [0, s, -top * s]])
            cut = cv2.warpAffine(flat, m, (out_w, out_h), flags=cv2.INTER_CUBIC if s > 1.2 else cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_REPLICATE)
            kind = rng.choice(["adaptive", "local"])
            binary = binarise(cut, kind)
            placed = [(ch, ((b[0] - left) * s, (b[1] - top) * s, (b[2] - left) * s, (b[3] - top) * s))
                      for ch, b in zip(text, boxes)]
            samples.append((binary, placed))
    rng.shuffle(samples)
    pages = 0
    for p in range(0, len(samples), args.lines_per_page):
        chunk = samples[p:p + args.lines_per_page]
        gap = 16
        width = max(s[0].shape[1] for s in chunk) + 2 * gap
        height = sum(s[0].shape[0] + gap for s in chunk) + gap
        page = np.full((height, width), 255, np.uint8)
        lines = []
        y = gap
        for binary, placed in chunk:
            bh, bw = binary.shape
            page[y:y + bh, gap:gap + bw] = binary
            for ch, (a, b, c, d) in placed:
                # Box files count y from the bottom.
                lines.append(f"{ch} {int(a) + gap} {height - int(round(d)) - y} {int(round(c)) + gap} {height - int(b) - y} 0")
            y += bh + gap
        base = f"{args.out}.{pages}"
        cv2.imwrite(base + ".tif", page)
        with open(base + ".box", "w") as f:
            f.write("\n".join(lines) + "\n")
        pages += 1
    print(f"{len(samples)} lines on {pages} pages ({skipped} captures too blurred to read left out)")


if __name__ == "__main__":
    main()
