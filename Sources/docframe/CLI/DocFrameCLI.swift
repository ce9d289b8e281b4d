import DocFrame
import Foundation

/// The top level of `docframe`: the subcommand table, global help and dispatch.
enum DocFrameCLI {
    /// The subcommands, in the order `docframe --help` lists them.
    static var commands: [any Command.Type] {
        [ClassifyCommand.self, MRZCommand.self, CaptureCommand.self, TemplateCommand.self, EvalCommand.self, InfoCommand.self, BenchCommand.self]
    }

    static func mainHelp() -> String {
        var text = """
        OVERVIEW: DocFrame \(DocFrameVersion.string): find, flatten and classify identity documents in photos and camera frames.

        USAGE: docframe <subcommand> [options] [inputs...]

        SUBCOMMANDS:

        """
        for command in commands {
            text += "  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.abstract + "\n"
        }
        text += "\nSee 'docframe <subcommand> --help' for a subcommand's options.\n"
        return text
    }

    static func dispatch(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            FileHandle.standardError.write(Data(mainHelp().utf8))
            return .usage
        }
        if first == "--help" || first == "-h" || first == "help" {
            print(mainHelp(), terminator: "")
            return .success
        }
        if first == "--version" {
            print("docframe \(DocFrameVersion.string)")
            return .success
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            standardError("docframe: unknown subcommand '\(first)'. See 'docframe --help'.")
            return .usage
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), options: command.options)
            if parsed.wantsHelp {
                print(command.help(), terminator: "")
                return .success
            }
            return try command.init(parsed).run()
        } catch let error as UsageError {
            standardError("docframe \(command.name): \(error.description)\nSee 'docframe \(command.name) --help'.")
            return .usage
        } catch {
            standardError("docframe \(command.name): \(error)")
            return .someInputFailed
        }
    }

    static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
