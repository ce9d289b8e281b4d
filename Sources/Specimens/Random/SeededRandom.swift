/// A deterministic pseudo-random generator (xoshiro256**, seeded through SplitMix64).
///
/// Why our own: the renders must be bit-identical for a seed on every machine and Swift
/// version, and the standard library does not promise how `random(in:using:)` consumes
/// its generator. Every draw here is defined by this file alone.
public struct SeededRandom: Sendable {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var x = seed
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    /// A generator for `label` within `seed` (so the person of a seed and the artwork of a
    /// design draw from independent, stable streams).
    public init(seed: UInt64, label: String) {
        self.init(seed: seed ^ SeededRandom.hash(label))
    }

    /// FNV-1a 64 of the UTF-8 bytes: a hash that never changes between runs (unlike `Hasher`).
    public static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01B3
        }
        return h
    }

    public mutating func next() -> UInt64 {
        let result = ((s.1 &* 5) << 7 | (s.1 &* 5) >> 57) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = (s.3 << 45) | (s.3 >> 19)
        return result
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    /// Uniform in [lo, hi).
    public mutating func double(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

    /// Uniform integer in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// `count` characters drawn from `alphabet`.
    public mutating func string(_ count: Int, from alphabet: String) -> String {
        let chars = Array(alphabet)
        return String((0..<count).map { _ in chars[int(0...(chars.count - 1))] })
    }

    public mutating func digits(_ count: Int) -> String { string(count, from: "0123456789") }
    public mutating func letters(_ count: Int) -> String { string(count, from: "ABCDEFGHIJKLMNOPQRSTUVWXYZ") }
}
