import DocFrame
import Foundation

// synthesize-captures: camera-like photos (and frame sequences) of flat documents, with ground
// truth, for training and evaluating DocFrame. See `--help` and TrainingData/README.md.

func standardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(SynthOptions.help)
    exit(0)
}
if arguments.first == "--contact-sheet" {
    guard arguments.count == 3 || arguments.count == 4, arguments.count == 3 || Int(arguments[3]) != nil else {
        standardError("synthesize-captures: use --contact-sheet DIR OUT.png [TILE_WIDTH]")
        exit(2)
    }
    do {
        let tileWidth = arguments.count == 4 ? max(100, min(2000, Int(arguments[3])!)) : 400
        try ContactSheet.write(folder: arguments[1], to: arguments[2], tile: (tileWidth, tileWidth * 3 / 4), columns: tileWidth > 600 ? 2 : 4)
        exit(0)
    } catch {
        standardError("synthesize-captures: \(error)")
        exit(1)
    }
}
if arguments.first == "--convert-flats" {
    // --convert-flats IN_DIR OUT_DIR [QUALITY]: flats as JPEG with their sidecars (smaller committed data).
    guard arguments.count == 3 || (arguments.count == 4 && Int(arguments[3]) != nil) else {
        standardError("synthesize-captures: use --convert-flats IN_DIR OUT_DIR [QUALITY]")
        exit(2)
    }
    do {
        let quality = arguments.count == 4 ? max(1, min(100, Int(arguments[3])!)) : 92
        try FileManager.default.createDirectory(atPath: arguments[2], withIntermediateDirectories: true)
        for path in try FlatDocument.paths(in: arguments[1]) {
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let target = (arguments[2] as NSString).appendingPathComponent(stem)
            try Image(contentsOfFile: path).write(to: target + ".jpg", as: .jpeg(quality: quality))
            let sidecar = (path as NSString).deletingPathExtension + ".json"
            if FileManager.default.fileExists(atPath: sidecar) {
                try? FileManager.default.removeItem(atPath: target + ".json")
                try FileManager.default.copyItem(atPath: sidecar, toPath: target + ".json")
            }
        }
        exit(0)
    } catch {
        standardError("synthesize-captures: \(error)")
        exit(1)
    }
}
let options: SynthOptions
do {
    options = try SynthOptions(arguments)
} catch let error as SynthOptions.UsageError {
    standardError("synthesize-captures: \(error.message)\nSee 'synthesize-captures --help'.")
    exit(2)
}
do {
    try FileManager.default.createDirectory(atPath: options.output, withIntermediateDirectories: true)
    if let script = options.sequence {
        try SequenceWriter(options: options).write(script: script)
    } else {
        try PhotoWriter(options: options).run()
    }
} catch let error as SequenceScript.ScriptError {
    standardError("synthesize-captures: \(error.message)")
    exit(2)
} catch {
    standardError("synthesize-captures: \(error)")
    exit(1)
}
