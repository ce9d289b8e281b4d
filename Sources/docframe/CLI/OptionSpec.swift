/// One option a command accepts: a flag (`--no-builtin`) or an option with a value (`--jobs N`).
struct OptionSpec: Sendable {
    let name: String
    /// The value's placeholder in help (`N`, `DIR`); nil for a flag.
    let value: String?
    let help: String
    let repeatable: Bool

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help, repeatable: false)
    }

    static func option(_ name: String, _ value: String, _ help: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, repeatable: repeatable)
    }
}
