import Foundation

/// A benchmark row: a name and the work to time (set-up happens before, outside the timing).
struct BenchRow {
    let name: String
    let body: () throws -> Void
    /// For rows whose samples are not one timed call each (per-frame times of a sequence,
    /// latencies): given the run count, returns the samples in milliseconds.
    var sampler: ((Int) throws -> [Double])?

    init(name: String, body: @escaping () throws -> Void) {
        self.name = name
        self.body = body
    }

    init(name: String, sampler: @escaping (Int) throws -> [Double]) {
        self.name = name
        self.body = {}
        self.sampler = sampler
    }
}

/// Collects timing samples and prints them as an aligned table of medians and 90th percentiles.
struct BenchTable {
    private var lines: [(String, [Double])] = []

    mutating func add(_ name: String, samples: [Double]) {
        lines.append((name, samples.sorted()))
    }

    /// Runs `body` once to warm caches, then `runs` times; returns milliseconds per run.
    static func measure(runs: Int, _ body: () throws -> Void) throws -> [Double] {
        try body()
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            samples.append((ContinuousClock.now - start).milliseconds)
        }
        return samples
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))
        return sorted[index]
    }

    func render() -> String {
        let nameWidth = max(40, (lines.map(\.0.count).max() ?? 0) + 2)
        var text = "row".padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "   median ms      p90 ms    runs\n"
        text += String(repeating: "-", count: nameWidth + 32) + "\n"
        for (name, samples) in lines {
            text += name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            text += String(format: "%9.2f   %9.2f   %5d\n", BenchTable.percentile(samples, 0.5), BenchTable.percentile(samples, 0.9), samples.count)
        }
        return text
    }
}
