// render-specimen: renders one synthetic identity-document side with exact ground truth.
// See `render-specimen --help` and DESIGN.md ("Command line").
import DocFrame
import Foundation
import Specimens

let help = """
usage: render-specimen --list
       render-specimen --design ID --side front|back --seed N --out DIR
       render-specimen --sheet FILE.png [--seed N]

Renders one side of a synthetic look-alike identity document (never a real person's data) and
its ground truth, for template training and recognition tests.

  --list          print the design ids, one a line (the template ids without the side;
                  passports are passport-<issuing state>)
  --design ID     the design to render (see --list)
  --side S        front or back (passports have only a front: asking for a back is an error)
  --seed N        a whole number 0...18446744073709551615; the same seed renders the same
                  person and a bit-identical PNG on every run; both sides of one seed show
                  the same person
  --out DIR       output folder (created if missing)
  --sheet FILE    instead, draw every design and side of one seed (default 1) on one PNG
                  (a contact sheet for checking the designs by eye)
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

Example:
  scripts/render-specimen --design ca-on-dl --side front --seed 7 --out /tmp/specimens

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
var sheet: String?
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
    default: usageError("unknown argument '\(arg)'")
    }
}

if list {
    guard design == nil, side == nil, seed == nil, out == nil, sheet == nil else { usageError("--list takes no other options") }
    print(DesignCatalog.ids.joined(separator: "\n"))
    exit(0)
}
if let sheet {
    guard design == nil, side == nil, out == nil else { usageError("--sheet takes only --seed") }
    do {
        try ContactSheet.render(seed: seed ?? 1).write(to: URL(fileURLWithPath: sheet), options: .atomic)
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
    usageError("unknown design '\(design)'; --list shows the designs")
}
guard info.sides.contains(side) else {
    usageError("design '\(design)' has no \(side.rawValue) side (it has: \(info.sides.map(\.rawValue).joined(separator: ", ")))")
}

do {
    let specimen = try SpecimenRenderer.render(design: design, side: side, seed: seed)
    let png = try specimen.write(to: URL(fileURLWithPath: out, isDirectory: true))
    print(png.path)
    exit(0)
} catch {
    FileHandle.standardError.write(Data("render-specimen: \(error)\n".utf8))
    exit(1)
}
