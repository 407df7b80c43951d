/// A reproducible source of random choices (SplitMix64): the same seed gives the same sequence on
/// every machine and every run, so a failing case is replayed from its seed alone.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// A uniformly chosen integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// A uniformly chosen element of a non-empty collection.
    mutating func pick<C: Collection>(_ choices: C) -> C.Element {
        choices.randomElement(using: &self)!
    }

    /// A seed for a derived sequence (one record of a schema, say), so that each can be replayed alone.
    mutating func seed() -> UInt64 {
        next()
    }
}
