/// A command line that does not parse or validate: printed with a pointer to `--help`, exit 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ message: String) {
        description = message
    }
}
