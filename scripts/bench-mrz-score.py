#!/usr/bin/env python3
"""Where exact MRZ reads are lost: `docframe mrz` results scored per capture condition against
the ground-truth sidecars synthesize-captures writes (`mrz` lines, `conditions`).

Usage:
    bench-mrz-score.py RESULTS.jsonl [RESULTS2.jsonl]
Each results file is `docframe mrz` output over capture folders whose images have `<stem>.json`
beside them. With two files (before, after), both are scored on the same captures side by side.
Rows: captures whose truth has an MRZ; `exact` every line right; `valid` reported valid;
`false` reported valid with any line wrong (names included); `fchk` reported valid with a character
under a check digit wrong (must stay 0); `none` no MRZ at all. Rows `in_frame` and `out_of_frame` split the captures by whether the whole
zone (the renderer's `mrz` region mapped through the capture's true corners) lies in the image:
the exact-read target counts only captures with the zone in frame. Row `in_frame_sharp` leaves out
the blurred ones too: synthesize-captures blurs by 0.4 to 2.8 of a zone character's height (seed
7000), past where a person reads the characters (PassportEye read none of them either).
Never prints MRZ contents.
"""
import json
import os
import statistics
import sys
from collections import defaultdict


def load(path):
    out = {}
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            # Paths as docframe printed them: relative to where it ran, taken as the results' folder.
            full = r["path"] if os.path.isabs(r["path"]) else os.path.join(os.path.dirname(os.path.abspath(path)), r["path"])
            out[full] = r
    return out


def zone_in_frame(j):
    """Whether the zone's four corners, mapped from the flat document into the photo by the
    homography of its true corners, lie inside the image; None when the sidecar cannot tell."""
    try:
        x, y, w, h = j["regions"]["mrz"]
        fw, fh = j["size"]
        iw, ih = j["imageSize"]
        dst = j["corners"]
    except (KeyError, TypeError, ValueError):
        return None
    src = [(0, 0), (fw, 0), (fw, fh), (0, fh)]
    # Solve the 8 homography unknowns (h33 = 1) by Gaussian elimination: no numpy needed.
    rows = []
    for (u, v), (X, Y) in zip(src, dst):
        rows.append([u, v, 1, 0, 0, 0, -u * X, -v * X, X])
        rows.append([0, 0, 0, u, v, 1, -u * Y, -v * Y, Y])
    n = 8
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(rows[r][c]))
        rows[c], rows[p] = rows[p], rows[c]
        for r in range(n):
            if r != c and rows[c][c]:
                f = rows[r][c] / rows[c][c]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[c])]
    hm = [rows[i][8] / rows[i][i] for i in range(n)] + [1.0]
    for u, v in [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]:
        d = hm[6] * u + hm[7] * v + hm[8]
        px, py = (hm[0] * u + hm[1] * v + hm[2]) / d, (hm[3] * u + hm[4] * v + hm[5]) / d
        if not (0 <= px < iw and 0 <= py < ih):
            return False
    return True


def truth_for(path, cache={}):
    if path not in cache:
        sidecar = os.path.splitext(path)[0] + ".json"
        try:
            with open(sidecar) as f:
                j = json.load(f)
            conditions = list(j.get("conditions") or ["?"])
            inside = zone_in_frame(j) if j.get("mrz") else None
            if inside is not None:
                conditions.append("in_frame" if inside else "out_of_frame")
            effects = j.get("effects") or {}
            if inside and not ("motion" in effects or "defocus" in effects):
                conditions.append("in_frame_sharp")
            cache[path] = (j.get("mrz"), conditions)
        except OSError:
            cache[path] = (None, [])
    return cache[path]


def checked_positions(truth):
    """(line, index) of every character a check digit covers, the check digits included."""
    spans = {3: {0: [(5, 30)], 1: [(0, 7), (8, 15), (18, 30)]},        # TD1 (overflow stays in 0:15-30)
             36: {1: [(0, 10), (13, 20), (21, 36)]},                    # TD2
             44: {1: [(0, 10), (13, 20), (21, 44)]}}                    # TD3
    key = 3 if len(truth) == 3 else len(truth[0])
    return [(l, i) for l, ranges in spans.get(key, {}).items() for a, b in ranges for i in range(a, b)]


def checked_wrong(truth, read):
    if read is None or len(read) != len(truth) or any(len(a) != len(b) for a, b in zip(read, truth)):
        return True
    return any(read[l][i] != truth[l][i] for l, i in checked_positions(truth))


def score(results):
    rows = defaultdict(lambda: {"n": 0, "exact": 0, "valid": 0, "false": 0, "fchk": 0, "none": 0, "ms": []})
    for path, r in results.items():
        truth, conditions = truth_for(path)
        if not truth:
            continue
        mrz = r.get("mrz")
        read = [l.strip() for l in mrz["lines"]] if mrz else None
        exact = read == truth
        valid = bool(mrz and mrz.get("valid"))
        for key in ["all"] + sorted(set(conditions)):
            row = rows[key]
            row["n"] += 1
            row["exact"] += exact
            row["valid"] += valid
            row["false"] += valid and not exact
            row["fchk"] += valid and checked_wrong(truth, read)
            row["none"] += mrz is None
            row["ms"].append((r.get("timingMs") or {}).get("mrz", 0.0))
    return rows


def main():
    files = sys.argv[1:]
    if not files or files[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if files else 2)
    scored = [score(load(p)) for p in files]
    keys = ["all"] + sorted(k for k in scored[0] if k != "all")
    header = f"{'condition':<16}{'n':>5}" + "".join(
        f"{'exact':>8}{'valid':>6}{'false':>6}{'fchk':>5}{'none':>5}{'mrz ms':>8}" + ("  |" if i + 1 < len(scored) else "")
        for i in range(len(scored)))
    print(header)
    for k in keys:
        line = f"{k:<16}{scored[0][k]['n']:>5}"
        for i, s in enumerate(scored):
            row = s.get(k)
            if not row or not row["n"]:
                line += " " * 38
                continue
            pct = 100.0 * row["exact"] / max(1, row["n"])
            line += f"{pct:>7.1f}%{row['valid']:>6}{row['false']:>6}{row['fchk']:>5}{row['none']:>5}{statistics.median(row['ms']):>8.1f}"
            if i + 1 < len(scored):
                line += "  |"
        print(line)


if __name__ == "__main__":
    main()
