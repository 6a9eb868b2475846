import Foundation

/// SplitMix64: a small deterministic generator, so the generated cases are the same for the same seed everywhere.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// The property tests' seed, which every failure message starts with.
///
/// `PICKERREEL_PROPERTY_SEED` when set (to replay or explore), else a fixed one, so `make test` runs the same cases
/// every time.
enum PropertySeed {
    static let fixed: UInt64 = 20_261_201

    static var value: UInt64 {
        ProcessInfo.processInfo.environment["PICKERREEL_PROPERTY_SEED"].flatMap { UInt64($0) } ?? fixed
    }
}
