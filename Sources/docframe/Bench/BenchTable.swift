import Foundation

/// A benchmark row: a name and the work to time (set-up happens before, outside the timing).
struct BenchRow {
    /// Whose CPU time the row's CPU column counts.
    enum CPUClock {
        /// The calling thread's (single-threaded work: not inflated by other processes' load).
        case thread
        /// The whole process's (work spread over threads, e.g. `--jobs 2`).
        case process
    }

    let name: String
    let body: () throws -> Void
    var cpuClock: CPUClock = .thread
    /// For rows whose samples are not one timed call each (per-frame times of a sequence,
    /// latencies): given the run count, returns the samples in milliseconds.
    var sampler: ((Int) throws -> [Double])?

    init(name: String, cpuClock: CPUClock = .thread, body: @escaping () throws -> Void) {
        self.name = name
        self.cpuClock = cpuClock
        self.body = body
    }

    init(name: String, sampler: @escaping (Int) throws -> [Double]) {
        self.name = name
        self.body = {}
        self.sampler = sampler
    }
}

/// Collects timing samples and prints them as an aligned table of medians and 90th percentiles,
/// wall time and CPU time side by side: the machine is shared, so wall time also counts other
/// processes' turns on the core, while CPU time counts only our own work.
struct BenchTable {
    /// Milliseconds per run: wall time, and CPU time (empty when the row cannot tell).
    struct Samples {
        var wall: [Double]
        var cpu: [Double] = []
    }

    private var lines: [(String, Samples)] = []

    mutating func add(_ name: String, samples: Samples) {
        lines.append((name, Samples(wall: samples.wall.sorted(), cpu: samples.cpu.sorted())))
    }

    mutating func add(_ name: String, samples: [Double]) {
        add(name, samples: Samples(wall: samples))
    }

    /// CPU time consumed so far by the calling thread or by the whole process, in milliseconds.
    static func cpuMilliseconds(_ clock: BenchRow.CPUClock) -> Double {
        var ts = timespec()
        clock_gettime(clock == .thread ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// Runs `body` once to warm caches, then `runs` times; returns milliseconds per run.
    static func measure(runs: Int, cpuClock: BenchRow.CPUClock = .thread, _ body: () throws -> Void) throws -> Samples {
        try body()
        var samples = Samples(wall: [])
        samples.wall.reserveCapacity(runs)
        samples.cpu.reserveCapacity(runs)
        for _ in 0..<runs {
            let cpu = cpuMilliseconds(cpuClock)
            let start = ContinuousClock.now
            try body()
            samples.wall.append((ContinuousClock.now - start).milliseconds)
            samples.cpu.append(cpuMilliseconds(cpuClock) - cpu)
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
        var text = "row".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            + "   median ms      p90 ms   cpu median   cpu p90    runs\n"
        text += String(repeating: "-", count: nameWidth + 56) + "\n"
        for (name, samples) in lines {
            text += name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            text += String(format: "%9.2f   %9.2f", BenchTable.percentile(samples.wall, 0.5), BenchTable.percentile(samples.wall, 0.9))
            if samples.cpu.isEmpty {
                text += String(format: "   %10s   %7s", "-", "-")
            } else {
                text += String(format: "   %10.2f   %7.2f", BenchTable.percentile(samples.cpu, 0.5), BenchTable.percentile(samples.cpu, 0.9))
            }
            text += String(format: "   %5d\n", samples.wall.count)
        }
        return text
    }
}
