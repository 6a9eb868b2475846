/// How much memory the pictures of a render or a comparison may take at once (`--memory`, 1 GiB by default): it
/// decides how many threads draw, how many animation files are encoded side by side and how many pairs of files
/// are compared at once, whatever the number of cores, and refuses up front a file that could not be made or
/// compared within it.
///
/// The figures each use counts against it (`drawerBytes`, `encoderBytes`, `ComparisonMemory`) are measured peaks
/// (docs/performance.md and docs/reliability.md, *Memory*), so the budget bounds the peak to within the measurement,
/// not to the byte.
public struct MemoryBudget: Sendable, Equatable, CustomStringConvertible {
    /// The bytes the pictures may take at once.
    public var bytes: Int

    /// 1 GiB: the largest picture the limits allow (64 Mi pixels) draws on one thread within it, and a picture
    /// of the usual size (a few megapixels at most) on every core.
    public static let standard = MemoryBudget(bytes: 1 << 30)

    /// A budget of `bytes` bytes; a budget below 1 MiB is taken as 1 MiB (one thread then draws, alone).
    public init(bytes: Int) {
        self.bytes = max(1 << 20, bytes)
    }

    /// The budget in the units `--memory` takes, such as "1 GiB" or "640 MiB".
    public var description: String {
        bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// `bytes` in the units of messages: "5.39 GB", "212 MB" (decimal, three significant figures at most).
    package static func amount(_ bytes: Int) -> String {
        let megabytes = Double(bytes) / 1_000_000
        if megabytes >= 1_000 { return "\((megabytes / 10).rounded() / 100) GB" }
        return "\(Int(megabytes.rounded(.up))) MB"
    }

    /// How many of `costs` (bytes each, the largest first) may run at once: the most of the largest that fit
    /// together, at least one, at most `wanted`.
    package func lanes(wanted: Int, costs: [Int]) -> Int {
        var total = 0
        var fitting = 0
        for cost in costs.sorted(by: >) {
            total += cost
            guard total <= bytes else { break }
            fitting += 1
        }
        return max(1, min(wanted, fitting))
    }

    /// How many threads of `each` bytes fit: at least one, at most `wanted`.
    package func lanes(wanted: Int, each: Int) -> Int {
        max(1, min(wanted, bytes / max(1, each)))
    }
}
