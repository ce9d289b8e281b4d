/// A command line split by a command's option table into values, flags and positionals.
///
/// We write this ourselves because swift-argument-parser cannot be fetched here; it keeps that
/// library's shape (declared options, generated help, `validate()`) at a fraction of its size.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []
    private(set) var wantsHelp = false

    init(_ arguments: [String], options: [OptionSpec]) throws {
        let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("--") || arg == "-" {
                if !onlyPositionals, arg.hasPrefix("-"), arg != "-", arg.count > 1 {
                    if arg == "-h" { wantsHelp = true; continue }
                    throw UsageError("unknown option '\(arg)'")
                }
                positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            if arg == "--help" { wantsHelp = true; continue }
            var name = String(arg.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let spec = byName[name] else { throw UsageError("unknown option '--\(name)'") }
            if spec.value == nil {
                guard inline == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else { throw UsageError("--\(name) needs a value (\(spec.value!))") }
                value = arguments[i]
                i += 1
            }
            if !spec.repeatable, values[name] != nil { throw UsageError("--\(name) given more than once") }
            values[name, default: []].append(value)
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func value(_ name: String) -> String? { values[name]?.last }

    func all(_ name: String) -> [String] { values[name] ?? [] }

    func int(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = value(name) else { return fallback }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return n
    }

    func double(_ name: String) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let d = Double(text), d.isFinite, d >= 0 else { throw UsageError("--\(name) takes a number of seconds, not '\(text)'") }
        return d
    }

    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default fallback: T) throws -> T where T.RawValue == String {
        guard let text = value(name) else { return fallback }
        guard let v = T(rawValue: text) else {
            throw UsageError("--\(name) takes one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
        }
        return v
    }
}
