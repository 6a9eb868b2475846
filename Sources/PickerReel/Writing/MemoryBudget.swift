import FoundationEssentials
import PickerKit
import PickerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much memory the pictures of a render may take at once: it decides how many threads draw and how many
/// animation files are encoded side by side, whatever the number of cores.
///
/// Each thread that draws holds a drawer of about 15 bytes a pixel (two cairo surfaces, the static layer's PNG
/// rows and the compressor's buffers), and each animation encoder holds its own frames on top (`encoderBytes`).
/// A write runs as many of them at once as fit in `bytes`, and never fewer than one: a single drawer or encoder
/// larger than the budget still runs, alone. The figures are measured peaks (docs/performance.md, *Memory*), so
/// the budget bounds the peak to within the measurement, not to the byte.
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

    /// The bytes one drawing thread holds for a picture of `pixels` pixels (measured: 14.9 bytes a pixel on the
    /// largest picture, 998 MB for 64 Mi pixels with one thread), plus what Pango and cairo keep whatever the size.
    package static func drawerBytes(pixels: Int) -> Int {
        pixels * 15 + (4 << 20)
    }

    /// The bytes the encoder of `format` holds beyond its drawer, for a picture of `pixels` pixels (measured peaks
    /// on a 4.2-megapixel picture of ten frames, with one thread: GIF 42, APNG 24, WebP 46, MP4 110 (108 again
    /// with x264's three frame threads), WebM 145 and the sheet 32 bytes a pixel).
    package static func encoderBytes(_ format: OutputFormat, pixels: Int) -> Int {
        let perPixel: Int
        switch format {
        case .png, .svg, .svgAnimated: perPixel = 0
        case .apng: perPixel = 26
        case .sheet: perPixel = 34
        case .gif: perPixel = 44
        case .webp: perPixel = 48
        case .mp4: perPixel = 112
        case .webm: perPixel = 148
        }
        return pixels * perPixel
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

/// The budget shared by the renders of one batch: each takes its share before it starts and gives it back when it
/// ends, so that specs rendered side by side stay within it together.
///
/// A render asking for more than the whole budget waits until nothing else holds any, then runs alone. Renders
/// take their share before making anything, and hold only one share, so waiting cannot deadlock.
final class SharedMemoryBudget: @unchecked Sendable {
    // @unchecked: `held` is only touched while holding `condition`'s lock.
    private let condition = Condition()
    private var held = 0
    let budget: MemoryBudget

    /// glibc's `malloc_trim`, which returns the free memory of every arena to the system; nil elsewhere (its header
    /// is not in Swift's Glibc module, so it is looked up by name).
    private static let trimFreedMemory: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    init(_ budget: MemoryBudget) {
        self.budget = budget
    }

    /// Waits until `bytes` fit beside what is held (or nothing is held), takes them, runs `body`, gives them back.
    func withShare<T>(of bytes: Int, _ body: () throws -> T) rethrows -> T {
        let share = min(bytes, budget.bytes)
        condition.lock()
        while held > 0 && held + share > budget.bytes { condition.wait() }
        held += share
        condition.unlock()
        defer {
            // Give the freed pictures back to the system before the next render takes this share: glibc keeps
            // freed memory in the arena of the thread that used it, so renders on other threads would add to it.
            if share > 0 { _ = Self.trimFreedMemory?(0) }
            condition.lock()
            held -= share
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
