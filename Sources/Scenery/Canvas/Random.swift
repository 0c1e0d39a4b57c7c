/// A seeded pseudo-random generator (SplitMix64).
///
/// The pictures must be byte-identical on every run, so nothing may draw
/// from the system's entropy. SplitMix64 is tiny, fully specified and good
/// enough statistically for placing petals and puffs.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed ^ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), built from 24 bits so it is exact in a Float.
    mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }

    /// Uniform in [a, b).
    mutating func range(_ a: Float, _ b: Float) -> Float { a + (b - a) * unit() }

    /// Uniform integer in the half-open range.
    mutating func int(_ r: Range<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }

    mutating func chance(_ p: Float) -> Bool { unit() < p }

    /// Roughly normal (sum of uniforms): cheap, bounded, and deterministic.
    mutating func gaussian() -> Float { (unit() + unit() + unit() + unit() - 2) * 1.732 }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0..<items.count)] }

    /// An independent stream derived from this one's seed and a salt, so that
    /// changing how many numbers one element draws does not reshuffle others.
    func fork(_ salt: UInt64) -> SeededRandom {
        var copy = SeededRandom(seed: 0)
        copy.state = state ^ (salt &* 0xD6E8_FEB8_6659_FD93)
        _ = copy.next()
        return copy
    }
}
