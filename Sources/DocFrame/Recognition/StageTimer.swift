/// Splits the time of one `observe` call into the named stages of `timingMs`
/// (`locate`, `classify`, `ocr`, `mrz`): each `lap` charges the time since the previous one.
struct StageTimer {
    private(set) var milliseconds: [String: Double] = ["locate": 0, "classify": 0, "ocr": 0, "mrz": 0]
    private var last = ContinuousClock.now

    mutating func lap(_ stage: String) {
        let now = ContinuousClock.now
        let (seconds, attoseconds) = (now - last).components
        milliseconds[stage, default: 0] += Double(seconds) * 1000 + Double(attoseconds) / 1e15
        last = now
    }

    /// Re-labels time a lap charged to one stage (OCR done inside classification).
    mutating func move(_ ms: Double, from source: String, to target: String) {
        milliseconds[source, default: 0] -= ms
        milliseconds[target, default: 0] += ms
    }
}
