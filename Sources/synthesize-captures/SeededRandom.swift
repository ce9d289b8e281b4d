/// SplitMix64: a small, fast generator that gives the same sequence for a seed on every
/// platform, so a dataset regenerates bit for bit.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A generator for one item, independent of every other item: derived from the run's seed
    /// and a name (the flat file's stem and the capture number), so adding inputs changes nothing else.
    init(seed: UInt64, name: String) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in name.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        state = seed ^ h
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range` (53-bit resolution).
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// Roughly normal (sum of uniforms), mean 0, standard deviation `sigma`.
    mutating func gaussian(_ sigma: Double) -> Double {
        (0..<4).map { _ in uniform(-1...1) }.reduce(0, +) * sigma * 0.866
    }

    mutating func sign() -> Double { chance(0.5) ? 1 : -1 }

    mutating func seed() -> UInt64 { next() }
}
