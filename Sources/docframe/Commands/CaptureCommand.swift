import DocFrame
import Foundation

/// `docframe capture`: replays recorded frames through a capture session and prints what the
/// user would have seen, one JSON line per frame and per event (DESIGN.md, `docframe capture`).
struct CaptureCommand: Command {
    static let name = "capture"
    static let abstract = "Replay frames through a capture session and print its states and events as JSON lines."
    static let usage = "--kind driversLicense|passport|idCard [--lang en|es|fr] [--fps N] [--viewport WxH] [--reduce-motion] [--rotate-at S] [--shutter-at S] [--cancel-at S] [--save-captures DIR] [--render OUT] VIDEO_OR_FRAME_FOLDER"
    static let discussion = """
    Frames are a video's, read through OpenCV with its timestamps (--fps only when the file
    gives none), or the images of a FRAME_FOLDER in name order (searched recursively for .jpg
    .jpeg .png .webp .tif .tiff .bmp), timed by --fps. Every frame is processed and classified synchronously,
    so the output is the same on every machine. Each frame prints one "frame" line (state, colour,
    instruction, label, tick, progress, shutter, guide [x, y, w, h] in frame pixels), then that
    frame's "event" lines. Exit 0 when the session ends in success, 1 otherwise.

    A frame that cannot be read (corrupt, truncated, empty, not an image) or analysed is
    skipped as a camera drops a frame: its frame line repeats what was on screen, and standard
    error gets a JSON line {"type": "warning", "frame", "t", "path", "error": {"code",
    "message"}} (the codes of classify). The replay goes on.

    --render OUT draws what the user would have seen onto the frames (the guide in its state
    colour, the label with its tick, the instruction, the hold progress, the manual shutter):
    a contact sheet when OUT ends in .png (a tile at every change of row and once a second),
    else a video (.mp4, .avi).

    Example: docframe capture --kind driversLicense --save-captures caps --render run.png TrainingData/sequences/front-back
    """
    static let options: [OptionSpec] = [
        .option("kind", "KIND", "The kind the user chose: driversLicense, passport or idCard (required)."),
        .option("lang", "LANG", "Language of the instructions: en, es or fr (default en)."),
        .option("fps", "N", "Frame rate of a frame folder (default 30)."),
        .option("viewport", "WxH", "The screen the preview fills (aspect-fill); default: the frame itself."),
        .flag("reduce-motion", "Reduce Motion: the flip fades instead of turning."),
        .option("rotate-at", "S", "Turn the device to landscape at S seconds."),
        .option("shutter-at", "S", "Press the manual shutter at S seconds (ignored while it is hidden)."),
        .option("cancel-at", "S", "Press the close button at S seconds."),
        .option("save-captures", "DIR", "Write DIR/<side>.jpg (what is sent) and DIR/<side>-document.jpg (flattened)."),
        .option("render", "OUT", "Draw the guide, label and instruction onto the frames: a contact sheet (.png) or a video."),
    ]

    let folder: String
    let configuration: CaptureConfiguration
    let fps: Double
    let script: CaptureReplay.Script
    let saveDirectory: String?
    let renderPath: String?

    init(_ arguments: ParsedArguments) throws {
        guard arguments.positionals.count == 1 else { throw UsageError("give one video or frame folder") }
        folder = arguments.positionals[0]
        guard let kindText = arguments.value("kind") else { throw UsageError("--kind is required (driversLicense, passport or idCard)") }
        guard let kind = DocumentKind(rawValue: kindText), kind != .healthCard else {
            throw UsageError("--kind takes driversLicense, passport or idCard, not '\(kindText)'")
        }
        let language: Language = try arguments.choice("lang", default: .en)
        var viewport: ViewportSize?
        if let text = arguments.value("viewport") {
            let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts.allSatisfy({ $0 >= 1 && $0 <= 100_000 }) else {
                throw UsageError("--viewport takes WIDTHxHEIGHT, like 390x844, not '\(text)'")
            }
            viewport = ViewportSize(width: parts[0], height: parts[1])
        }
        fps = Double(try arguments.int("fps", default: 30, range: 1...1000))
        configuration = CaptureConfiguration(kind: kind, language: language, reduceMotion: arguments.flag("reduce-motion"),
                                             viewport: viewport)
        script = CaptureReplay.Script(rotateAt: try arguments.double("rotate-at"), shutterAt: try arguments.double("shutter-at"),
                                      cancelAt: try arguments.double("cancel-at"))
        saveDirectory = arguments.value("save-captures")
        renderPath = arguments.value("render")
        if let renderPath, renderPath.isEmpty { throw UsageError("--render needs a file name (.png for a contact sheet, else a video)") }
    }

    func run() throws -> ExitCode {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw DocFrameError(.fileNotFound, "no video or frame folder at \(folder)")
        }
        let nextInput: () throws -> CaptureReplay.Input?
        var rate = fps
        if isDirectory.boolValue {
            let frames = InputFiles.imagesUnder(folder)
            guard !frames.isEmpty else { throw DocFrameError(.fileNotFound, "no images in \(folder)") }
            var index = 0
            nextInput = {
                guard index < frames.count else { return nil }
                let t = Double(index) / fps
                defer { index += 1 }
                do {
                    return .frame(try Image(contentsOfFile: frames[index]), time: t)
                } catch let error as DocFrameError {
                    // A corrupt, truncated or empty frame is skipped with a warning; the
                    // frames after it can still finish the capture.
                    return .unreadable(error, time: t, path: frames[index])
                }
            }
        } else {
            let video = try VideoFrames(path: folder, fallbackFPS: fps)
            rate = video.fps
            nextInput = { try video.next().map { .frame($0.image, time: $0.time) } }
        }

        let renderer = try renderPath.map { try CaptureRenderer(path: $0, fps: rate) }
        let analyzer = try Recognizer()
        let session = try CaptureSession(configuration: configuration, analyzer: analyzer)
        let out = FileHandle.standardOutput
        let result = try CaptureReplay(session: session, script: script, saveDirectory: saveDirectory).run(inputs: nextInput, emit: { line in
            out.write(Data((line.rendered() + "\n").utf8))
        }, warn: { line in
            // Warnings go to standard error: standard output keeps DESIGN.md's frame and event lines.
            FileHandle.standardError.write(Data((line.rendered() + "\n").utf8))
        }, show: renderer.map { renderer in
            { frame, state, index, time, captured in try renderer.add(frame, state: state, index: index, time: time, captured: captured) }
        })
        try renderer?.finish()
        return result.isSuccess ? .success : .someInputFailed
    }
}
