// render-specimen: renders one synthetic identity-document side with exact ground truth.
// See `render-specimen --help` and DESIGN.md ("Command line").
import DocFrame
import Foundation
import Specimens

let help = """
usage: render-specimen --list | --list-holdout
       render-specimen --design ID --side front|back --seed N --out DIR [--count K]
       render-specimen --sheet FILE.png [--holdout] [--seed N]

Renders one side of a synthetic look-alike identity document (never a real person's data) and
its ground truth, for template training and recognition tests.

  --list          print the design ids, one a line (the template ids without the side;
                  passports are passport-<issuing state>)
  --list-holdout  print the held-out design ids, one a line: look-alikes of documents that are
                  NOT built-in templates (ca-ab-dl, ca-ns-id, ca-mb-health), for testing how
                  `docframe template train` generalises to unseen designs; --list never shows
                  them, so nothing rendering every listed design trains on them
  --design ID     the design to render (see --list and --list-holdout)
  --side S        front or back (passports have only a front: asking for a back is an error)
  --seed N        a whole number 0...18446744073709551615; the same seed renders the same
                  person and a bit-identical PNG on every run; both sides of one seed show
                  the same person
  --out DIR       output folder (created if missing)
  --count K       render seeds N, N+1, ... N+K-1 in one run (default 1; much faster than K
                  runs, each of which pays the process start-up)
  --sheet FILE    instead, draw every design and side of one seed (default 1) on one PNG
                  (a contact sheet for checking the designs by eye)
  --holdout       with --sheet: draw the held-out designs instead
  -h, --help      this help

Writes DIR/<design>-<side>-<seed>.png (canonical size: ID-1 cards 1012x638, TD3 passport
pages 1476x1039) and DIR/<design>-<side>-<seed>.json:
  templateId    <design>-<side>, or "passport" for every passport
  label         English label ("Ontario Driver's License", "Passport")
  kind, side, jurisdiction, size [w, h]
  fields        every personal field shown on that side (surname, givenNames, birthDate,
                documentNumber, expiryDate, ...); dates as YYYY-MM-DD whatever the card prints
  mrz           the machine-readable zone's lines, or null
  regions       name: [x, y, w, h] in image pixels: header (title text), photo, mrz, and one
                per personal field
  policy        accepted, or unusable (health cards): for `template train --policy`
  cornerRadius  the card's rounded corners in pixels (ID-1: 38, per ISO/IEC 7810; passport
                pages: 0); the PNG is opaque and paints the corners outside that outline
                mid grey (128,128,128), so a photo synthesiser should mask them

Examples:
  scripts/render-specimen --design ca-on-dl --side front --seed 7 --out /tmp/specimens
  scripts/render-specimen --design ca-ab-dl --side front --seed 1 --count 5 --out /tmp/holdout
                                    (five samples of a held-out design, e.g. for template train)

Exit status: 0 rendered, 1 rendering or writing failed, 2 usage error.
"""

func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("render-specimen: \(message)\nTry 'render-specimen --help'.\n".utf8))
    exit(2)
}

var design: String?
var side: DocumentSide?
var seed: UInt64?
var out: String?
var list = false
var listHoldout = false
var holdoutSheet = false
var sheet: String?
var count: UInt64 = 1
var args = CommandLine.arguments.dropFirst()

func value(for option: String, _ args: inout ArraySlice<String>) -> String {
    guard let v = args.popFirst() else { usageError("\(option) needs a value") }
    return v
}

while let arg = args.popFirst() {
    switch arg {
    case "-h", "--help":
        print(help)
        exit(0)
    case "--list": list = true
    case "--list-holdout": listHoldout = true
    case "--holdout": holdoutSheet = true
    case "--design": design = value(for: arg, &args)
    case "--side":
        let v = value(for: arg, &args)
        guard let s = DocumentSide(rawValue: v) else { usageError("--side must be front or back, not '\(v)'") }
        side = s
    case "--seed":
        let v = value(for: arg, &args)
        guard let n = UInt64(v) else { usageError("--seed must be a whole number 0...\(UInt64.max), not '\(v)'") }
        seed = n
    case "--out": out = value(for: arg, &args)
    case "--sheet": sheet = value(for: arg, &args)
    case "--count":
        let v = value(for: arg, &args)
        guard let n = UInt64(v), n >= 1 else { usageError("--count must be a whole number 1 or more, not '\(v)'") }
        count = n
    default: usageError("unknown argument '\(arg)'")
    }
}

if list || listHoldout {
    guard !(list && listHoldout), design == nil, side == nil, seed == nil, out == nil, sheet == nil, !holdoutSheet else {
        usageError("\(list ? "--list" : "--list-holdout") takes no other options")
    }
    print((list ? DesignCatalog.ids : DesignCatalog.holdoutIds).joined(separator: "\n"))
    exit(0)
}
if holdoutSheet && sheet == nil { usageError("--holdout goes with --sheet") }
if let sheet {
    guard design == nil, side == nil, out == nil else { usageError("--sheet takes only --seed and --holdout") }
    do {
        try ContactSheet.render(seed: seed ?? 1, holdout: holdoutSheet).write(to: URL(fileURLWithPath: sheet), options: .atomic)
        print(sheet)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("render-specimen: \(error)\n".utf8))
        exit(1)
    }
}
guard let design, let side, let seed, let out else {
    usageError("--design, --side, --seed and --out are all required")
}
guard let info = DesignCatalog.info(design) else {
    usageError("unknown design '\(design)'; --list and --list-holdout show the designs")
}
guard info.sides.contains(side) else {
    usageError("design '\(design)' has no \(side.rawValue) side (it has: \(info.sides.map(\.rawValue).joined(separator: ", ")))")
}

guard seed <= UInt64.max - (count - 1) else { usageError("--seed plus --count runs past \(UInt64.max)") }

var failed = false
for n in seed...(seed + (count - 1)) {
    do {
        let specimen = try SpecimenRenderer.render(design: design, side: side, seed: n)
        let png = try specimen.write(to: URL(fileURLWithPath: out, isDirectory: true))
        print(png.path)
    } catch {
        FileHandle.standardError.write(Data("render-specimen: seed \(n): \(error)\n".utf8))
        failed = true
    }
}
exit(failed ? 1 : 0)
