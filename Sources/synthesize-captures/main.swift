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
    guard arguments.count == 3 else {
        standardError("synthesize-captures: use --contact-sheet DIR OUT.png")
        exit(2)
    }
    do {
        try ContactSheet.write(folder: arguments[1], to: arguments[2])
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
