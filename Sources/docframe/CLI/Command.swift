/// What every subcommand provides: a name, help text, its options, a validating initialiser
/// and `run`, which returns the process's exit code.
protocol Command {
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// The synopsis after `docframe NAME`.
    static var usage: String { get }
    /// Paragraphs after the synopsis: what it does, with an example.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }

    /// Reads the parsed arguments; throws `UsageError` for anything that does not make sense.
    init(_ arguments: ParsedArguments) throws
    func run() throws -> ExitCode
}

/// Exit codes that mean something (DESIGN.md, command line).
enum ExitCode: Int32 {
    /// Every input succeeded.
    case success = 0
    /// Some input failed; the run went on.
    case someInputFailed = 1
    /// The command line was wrong.
    case usage = 2
}

extension Command {
    static func help() -> String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: docframe \(name) \(usage)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        text += "\nOPTIONS:\n"
        let rows = options.map { spec in (spec.value.map { "--\(spec.name) \($0)" } ?? "--\(spec.name)", spec.help) }
            + [("--help", "Show this help.")]
        let width = min(30, (rows.map(\.0.count).max() ?? 0) + 2)
        for (left, help) in rows {
            let pad = left.count < width ? String(repeating: " ", count: width - left.count) : "\n" + String(repeating: " ", count: width + 2)
            text += "  \(left)\(pad)\(help)\n"
        }
        return text
    }
}
