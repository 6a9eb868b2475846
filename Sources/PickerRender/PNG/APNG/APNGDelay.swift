/// How long an APNG frame stays on screen: `numerator` / `denominator` seconds, each a 16-bit number as the
/// fcTL chunk stores them.
package struct APNGDelay: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// delay_num: 0 to 65,535.
    package let numerator: Int
    /// delay_den: 1 to 65,535 (the file never holds 0, which viewers read as 100).
    package let denominator: Int

    /// The largest value either term can hold.
    package static let maximumTerm = 65_535

    /// A delay from terms the caller keeps within 0…65,535 and 1…65,535.
    init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// `ticks` / `ticksPerSecond` seconds in lowest terms, or nil when a term does not fit in 16 bits.
    static func exactly(ticks: Int, perSecond ticksPerSecond: Int) -> APNGDelay? {
        guard ticks >= 0, ticksPerSecond > 0 else { return nil }
        let divisor = greatestCommonDivisor(ticks, ticksPerSecond)
        let (numerator, denominator) = (ticks / divisor, ticksPerSecond / divisor)
        guard numerator <= maximumTerm, denominator <= maximumTerm else { return nil }
        return APNGDelay(numerator: numerator, denominator: denominator)
    }

    /// The delay in seconds.
    package var seconds: Double { Double(numerator) / Double(denominator) }

    /// The delay as a fraction of a second, such as "1/30 s".
    package var description: String { "\(numerator)/\(denominator) s" }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}
