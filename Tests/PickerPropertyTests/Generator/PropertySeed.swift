import Foundation

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
