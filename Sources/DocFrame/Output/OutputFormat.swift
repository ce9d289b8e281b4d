/// The output formats of `classify` and `mrz` (DESIGN.md, command line).
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One JSON object a line (the default; what integrators parse).
    case jsonl
    /// One JSON array of the same objects.
    case json
    /// `path,ok,templateId,label,kind,side,jurisdiction,confidence,orientation,mrzValid,error`.
    case csv
    /// One aligned line an image, for people.
    case text
}
