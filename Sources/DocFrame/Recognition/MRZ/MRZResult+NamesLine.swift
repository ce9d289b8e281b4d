extension MRZResult {
    /// The line holding the holder's names (the last of a TD1 zone, the first of the others);
    /// nil when the lines are not the format's.
    var namesLine: String? {
        let layout = MRZLayout.layout(for: format, visa: lines.first?.first == "V")
        guard lines.count == format.lineCount, let span = layout.spans["name"], span.line < lines.count else { return nil }
        return lines[span.line]
    }
}
