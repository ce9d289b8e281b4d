import Foundation

/// The command line of synthesize-captures (DESIGN.md), plus a few documented extras.
struct SynthOptions {
    var input: String?
    var output = ""
    var perImage = 4
    var seed: UInt64 = 1
    var conditions: [Condition] = Condition.defaults
    var negatives = 0
    var sequence: String?
    var front: String?
    var back: String?
    var passport: String?
    var healthCard: String?
    var fps = 30.0
    var frameWidth = 1280
    var frameHeight = 720
    var quality = 85
    var maxDimension: Int?
    var unknown = false
    /// Sequences: where the thumb holds the document (`Hold`).
    var hold = Hold.bottom
    /// Photos: how the tilted document is projected (`Camera`).
    var camera = Camera.centred

    /// How a photo's tilted document is projected. `centred` (the default, with which the
    /// committed TrainingData was made) projects it around its own centre and then moves it
    /// within the frame, as if the camera's principal point were the document's centre.
    /// `pinhole` places it in 3D before a phone's camera whose principal point is the frame's
    /// centre (`PinholeCamera`), as a phone photo shows it.
    enum Camera: String, CaseIterable {
        case centred, pinhole
    }

    /// Where a sequence's thumb holds the document: over its bottom edge (the default; on a
    /// passport page that covers the start of the machine-readable zone), or over its left edge
    /// at mid-height, which leaves the bottom (the zone, a card's lower lines) readable.
    enum Hold: String, CaseIterable {
        case bottom, side
    }

    struct UsageError: Error {
        let message: String
    }

    static let help = """
    OVERVIEW: Put flat documents into camera-like photos, with ground truth.

    USAGE: synthesize-captures --in FLAT_DIR --out DIR [--per-image N] [--seed S] [--conditions LIST] [--negatives N]
           synthesize-captures --out DIR --negatives N [--seed S]
           synthesize-captures --sequence SCRIPT --front IMG [--back IMG] [--fps N] --out DIR
           synthesize-captures --contact-sheet DIR OUT.png [TILE_WIDTH]
           synthesize-captures --convert-flats IN_DIR OUT_DIR [QUALITY]

    Photos: for every flat image in FLAT_DIR (PNG or JPEG, with the renderer's <stem>.json beside
    it) writes DIR/<stem>-<n>.jpg (n = 1...N) and DIR/<stem>-<n>.json: the flat's sidecar keys plus
    "corners" (the document's own TL, TR, BR, BL in image pixels; an upside-down document's TL lies
    near the image's bottom-right; corners may lie outside the image when cut off), "orientation"
    (0/90/180/270 clockwise), "coverage" (visible document area / image area), "conditions",
    "cutOff" (a corner outside the image), "negative": false, "imageSize" [w, h], "source" (the
    flat's file name) and "effects" (strengths for calibration: defocus/motion blur in pixels,
    glare highlights, exposure gain, jpeg quality of the extra compression pass).
    Each capture gets one condition from LIST, spread evenly over n, and sometimes a second one
    that does not conflict. Frames are 1280x720 ... 2016x1512, landscape or portrait.

    Negatives: DIR/negative-<n>.jpg and .json with "negative": true, "conditions" [object] where
    object is one of empty, receipt, playing_card, business_card, bank_card, letter, and
    "objectCorners" (the object's quad, or null for empty).

    Sequences: numbered frames DIR/00000.jpg ... and DIR/sequence.json, which lists each segment
    (name, start, end in seconds, first and last frame, the document shown) and every frame's
    time, segment and document corners (null while no document is in view). SCRIPT is a comma list
    of segment:seconds; segments: empty, front, back, shaky_front, glare_front, upside_down_front,
    far_front, passport, health_card. The document moves in, is held with hand jitter, turned over
    between front and back, and swapped when the document changes.
    For passport and health_card the flat image comes from --passport / --health-card; without
    them, from the folder of --front: the first image (by name) whose sidecar has kind "passport",
    and the first whose templateId is "ca-on-health-front".

    Contact sheet: tiles up to 48 photos of DIR into OUT.png (tiles 400 pixels wide by default) with each sidecar's corners drawn
    (green quad, yellow top edge, red dot at the document's top-left), to check a dataset by eye.

    Convert flats: writes every flat image of IN_DIR to OUT_DIR as JPEG (quality 92 by default)
    with its sidecar copied beside it (the committed TrainingData/flat/ is made this way).

    OPTIONS:
      --in FLAT_DIR        Folder of flat documents (from scripts/render-specimen).
      --out DIR            Output folder (created).
      --per-image N        Captures per flat image (default 4).
      --seed S             Seed; the same seed gives the same files (default 1).
      --conditions LIST    Comma list from: clean tilt small close sideways upside_down glare blur dark
                           shadow cut_off occluded jpeg rolled (default: all but rolled, which
                           turns the document 18-40 degrees in its plane).
      --negatives N        Also write N negative photos.
      --sequence SCRIPT    Make a frame sequence instead of photos.
      --front IMG          Sequence: the document's front.
      --back IMG           Sequence: the document's back.
      --passport IMG       Sequence: the passport page for `passport` segments.
      --health-card IMG    Sequence: the card for `health_card` segments.
      --fps N              Sequence frame rate (default 30).
      --frame-size WxH     Sequence frame size (default 1280x720).
      --hold bottom|side   Sequence: the thumb holds the document's bottom edge (default) or its
                           left edge at mid-height (a passport's zone stays readable).
      --quality Q          JPEG quality of the output (default 85).
      --max-size N         Photos: cap the frame's longer side at N pixels.
      --camera MODE        Photos: centred (default; the committed TrainingData) projects a tilted
                           document around its own centre, then moves it in the frame; pinhole
                           shoots it through a phone's camera (principal point at the frame's
                           centre, focal length 0.7-1.0 of its longer side).
      --unknown            Photos: the flats are documents DocFrame must not know (the renderer's
                           held-out designs): their captures are negatives, "negative": true, with
                           "unknown_document" first in "conditions" (the flat's keys and "corners"
                           stay, for locating).
      --help               Show this help.
    """

    init(_ args: [String]) throws {
        var i = 0
        func value(_ name: String) throws -> String {
            guard i < args.count else { throw UsageError(message: "\(name) needs a value") }
            defer { i += 1 }
            return args[i]
        }
        func int(_ name: String, _ range: ClosedRange<Int>) throws -> Int {
            let text = try value(name)
            guard let n = Int(text), range.contains(n) else {
                throw UsageError(message: "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return n
        }
        while i < args.count {
            let arg = args[i]
            i += 1
            switch arg {
            case "--in": input = try value(arg)
            case "--out": output = try value(arg)
            case "--per-image": perImage = try int(arg, 1...10000)
            case "--seed":
                let text = try value(arg)
                guard let s = UInt64(text) else { throw UsageError(message: "--seed takes a whole number, not '\(text)'") }
                seed = s
            case "--conditions":
                let names = try value(arg).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                conditions = try names.map { name in
                    guard let c = Condition(rawValue: name) else {
                        throw UsageError(message: "unknown condition '\(name)'; use \(Condition.allCases.map(\.rawValue).joined(separator: " "))")
                    }
                    return c
                }
                guard !conditions.isEmpty else { throw UsageError(message: "--conditions is empty") }
            case "--negatives": negatives = try int(arg, 0...100000)
            case "--sequence": sequence = try value(arg)
            case "--front": front = try value(arg)
            case "--back": back = try value(arg)
            case "--passport": passport = try value(arg)
            case "--health-card": healthCard = try value(arg)
            case "--fps": fps = Double(try int(arg, 1...240))
            case "--quality": quality = try int(arg, 1...100)
            case "--max-size": maxDimension = try int(arg, 160...10000)
            case "--unknown": unknown = true
            case "--camera":
                let text = try value(arg)
                guard let c = Camera(rawValue: text) else { throw UsageError(message: "--camera takes centred or pinhole, not '\(text)'") }
                camera = c
            case "--hold":
                let text = try value(arg)
                guard let h = Hold(rawValue: text) else { throw UsageError(message: "--hold takes bottom or side, not '\(text)'") }
                hold = h
            case "--frame-size":
                let parts = try value(arg).split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, (64...4096).contains(parts[0]), (64...4096).contains(parts[1]) else {
                    throw UsageError(message: "--frame-size takes WxH, e.g. 640x360")
                }
                (frameWidth, frameHeight) = (parts[0] / 2 * 2, parts[1] / 2 * 2)
            default: throw UsageError(message: "unknown argument '\(arg)'")
            }
        }
        guard !output.isEmpty else { throw UsageError(message: "--out DIR is required") }
        if sequence != nil {
            guard front != nil else { throw UsageError(message: "--sequence needs --front IMG") }
        } else if input == nil, negatives == 0 {
            throw UsageError(message: "give --in FLAT_DIR, --negatives N or --sequence SCRIPT")
        }
    }
}
