#!/usr/bin/env python3
"""Side-by-side MRZ reading: DocFrame's `docframe mrz` output against PassportEye on the same
captures, scored against the ground-truth sidecars (`mrz` lines) that synthesize-captures writes.

Usage (scripts/bench-mrz runs it inside a virtual environment that has PassportEye):
    bench-mrz-peer.py CAPTURE_DIR DOCFRAME_RESULTS.jsonl
Prints one table. Never prints MRZ contents (synthetic here, but the habit matters).
"""
import json
import os
import statistics
import sys
import time
import warnings

# PassportEye calls scikit-image APIs that newer releases deprecate: one warning per image
# would bury the table.
warnings.filterwarnings("ignore", category=FutureWarning)


def levenshtein(a, b):
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def checked_fields(lines):
    """Document number, birth date and expiry date: the fields a check digit covers."""
    if len(lines) == 2 and len(lines[1]) >= 28:   # TD2 / TD3 second line
        return (lines[1][0:9], lines[1][13:19], lines[1][21:27])
    if len(lines) == 3 and len(lines[1]) >= 14:   # TD1
        return (lines[0][5:14], lines[1][0:6], lines[1][8:14])
    return None


class Score:
    def __init__(self, name):
        self.name, self.exact, self.fields, self.chars, self.total_chars, self.times, self.n = name, 0, 0, 0, 0, [], 0

    def add(self, truth, read, ms):
        self.n += 1
        self.times.append(ms)
        truth_text = "\n".join(truth)
        read_text = "\n".join(read or [])
        self.total_chars += len(truth_text)
        self.chars += max(0, len(truth_text) - levenshtein(truth_text, read_text))
        if read and [l.strip() for l in read] == truth:
            self.exact += 1
        if read and checked_fields([l.strip() for l in read]) == checked_fields(truth):
            self.fields += 1

    def row(self):
        pct = lambda k: f"{100.0 * k / max(1, self.n):6.1f}%"
        return (f"{self.name:<14}{pct(self.exact):>16}{pct(self.fields):>18}"
                f"{100.0 * self.chars / max(1, self.total_chars):>16.1f}%{statistics.median(self.times):>16.1f}")


def main():
    capture_dir, results_path = sys.argv[1], sys.argv[2]
    from passporteye import read_mrz  # imported here so --help works without it

    docframe = {}
    with open(results_path) as f:
        for line in f:
            record = json.loads(line)
            stem = os.path.splitext(os.path.basename(record["path"]))[0]
            mrz = record.get("mrz")
            ms = sum(record.get("timingMs", {}).values())
            docframe[stem] = (mrz["lines"] if mrz else None, ms)

    ours, peer = Score("DocFrame"), Score("PassportEye")
    for name in sorted(os.listdir(capture_dir)):
        if not name.endswith(".jpg"):
            continue
        stem = name[:-4]
        with open(os.path.join(capture_dir, stem + ".json")) as f:
            truth = json.load(f).get("mrz")
        if not truth:
            continue
        read, ms = docframe.get(stem, (None, 0.0))
        ours.add(truth, read, ms)
        start = time.perf_counter()
        result = read_mrz(os.path.join(capture_dir, name))
        peer_ms = (time.perf_counter() - start) * 1000
        peer.add(truth, result.to_dict()["raw_text"].split("\n") if result is not None else None, peer_ms)

    print(f"MRZ reading on {ours.n} captures with the zone in frame (one core each)")
    print(f"{'reader':<14}{'all lines exact':>16}{'checked fields':>18}{'char accuracy':>17}{'median ms/image':>16}")
    print("-" * 81)
    print(ours.row())
    print(peer.row())
    ratio = statistics.median(peer.times) / max(1e-9, statistics.median(ours.times))
    print(f"\nDocFrame is {ratio:.1f}x faster (median per image, decode included on both sides)")


if __name__ == "__main__":
    main()
