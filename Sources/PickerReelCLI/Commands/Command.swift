import PickerCompare
import PickerReel

/// The options of `pickerreel compare` and `merge-reports`: the library's `CompareOptions`, named here for the
/// parser's tests.
package typealias CompareOptions = PickerCompare.CompareOptions

/// A fully parsed command line: what to do and with which options.
///
/// `CommandParser.parse` makes one; tests call it directly.
package enum Command: Equatable, Sendable {
    /// Render every frame of each spec (the built-in demo when none is given).
    case render(RenderOptions)
    /// Render one frame to a file.
    case frame(FrameOptions)
    /// Print the layout as JSON, of the spec's own appearance or one of its variants (by suffix).
    case layout(specPath: String, variant: String? = nil, root: String? = nil)
    /// Print the timeline as JSON, of the spec's own appearance or one of its variants (by suffix).
    case timeline(specPath: String, variant: String? = nil, root: String? = nil)
    /// Print every field that came from a design token, with the token and its file, of the spec's variants (or one).
    case tokens(specPath: String, variant: String? = nil, root: String? = nil)
    /// Measure WCAG contrast on every frame of each spec's variants and report the worst moments.
    case audit(AuditOptions)
    /// Check specs without rendering; `root` is `--root` (see `RenderOptions.root`).
    case validate(specPaths: [String], root: String? = nil)
    /// Compare two PNG files or folders of them.
    case compare(CompareOptions)
    /// Merge the JSON reports of sharded compare runs into one report, written as `options.reports` asks.
    case mergeReports(files: [String], options: CompareOptions)
    /// Serve a page that plays a spec and reloads when it is saved.
    case preview(PreviewOptions)
    /// Print this machine's render environment (libraries and font files) and its digest, or check it against a record.
    case environment(EnvironmentOptions)
    /// Print help, for the tool or for one command.
    case help(text: String)
    /// Print the version.
    case version
}

/// The options of `pickerreel render`.
package struct RenderOptions: Equatable, Sendable {
    /// Spec files; empty renders the built-in seed demo.
    package var specPaths: [String] = []
    /// The parent folder of the output: each spec renders into `<output>/<spec name>/`; nil means `Output`.
    package var outputPath: String?
    /// Which files to write for each spec.
    package var formats: [OutputFormat] = [.png]
    /// No progress or summary on standard error.
    package var quiet = false
    /// Render only shard K of N, the specs split by cost (`Shard.pick`), for a CI matrix.
    package var shard: Shard?
    /// Worker threads; nil uses every core.
    package var jobs: Int?
    /// How much memory the pictures may take at once, across every spec of the batch.
    package var memory = MemoryBudget.standard
    /// libdeflate's level for PNG frames, 0 (stored) to 12 (smallest, slowest); nil uses `PNGCompression.standard`.
    package var pngLevel: Int?
    /// What translucent pixels of a GIF are blended over.
    package var gifMatte: GIFMatte = .automatic
    /// The animated WebP's quality, 0–100; nil writes it lossless.
    package var webpQuality: Int?
    /// How MP4 and WebM videos are encoded.
    package var video = VideoOptions()
    /// The variants to render, by suffix (`dark-rtl`, or `default` for the spec's own appearance); empty renders
    /// every variant each spec lists.
    package var variants: [String] = []
    /// `--root`: the folder every icon and image must be inside; nil uses the repository that holds each spec (its
    /// nearest folder with a `.git`), or the spec's own folder.
    package var root: String?
    /// `--times`: the moments, in seconds, to write as PNG pictures named as `assertPickerSnapshot` names its
    /// goldens (`<name>.0.500s.png`), instead of every frame; empty writes every frame.
    package var times: [Double] = []
    /// `--every SECONDS`: the moments 0, SECONDS, 2 × SECONDS, … through each spec's end, as `times` writes them.
    package var every: Double?
    /// `--force`: render every spec, even those whose output folder's manifest says they are up to date.
    package var force = false
    /// `--verify`: render afresh into a scratch folder, whatever the manifests say, and name every file in the
    /// output that differs from that render, writing nothing.
    package var verify = false

    /// The defaults: the built-in demo into `Output/seed-demo/` as PNG frames.
    package init() {}
}

/// One shard of a batch: shard `index` (1-based) of `count`, the specs split so that each shard's cost is nearly equal.
package struct Shard: Equatable, Sendable {
    /// Which shard, from 1 to `count`.
    package var index: Int
    /// How many shards the batch is split into.
    package var count: Int

    /// The items of `items` this shard takes, in their order; the shards 1…count together take every item exactly
    /// once, whatever order `items` came in.
    ///
    /// Greedy by cost: the items sorted by cost (heaviest first, then by name), each given to the shard whose cost is
    /// lowest so far (the lowest-numbered among equals). The split depends only on the names and costs, so every
    /// machine computes the same one. A count above the number of items leaves the shards past it empty.
    package func pick<T>(from items: [T], name: (T) -> String, cost: (T) -> Int) -> [T] {
        let shards = min(count, items.count)
        guard index <= shards else { return [] }
        let keyed = items.indices.map { (position: $0, name: name(items[$0]), cost: max(0, cost(items[$0]))) }
        let order = keyed.sorted { $0.cost != $1.cost ? $0.cost > $1.cost : $0.name < $1.name }
        var lightest = ShardHeap(count: shards)
        var mine: [Int] = []
        for item in order {
            let shard = lightest.takeLightest(adding: item.cost)
            if shard == index - 1 { mine.append(item.position) }
        }
        return mine.sorted().map { items[$0] }
    }
}

/// The shards' running costs, lightest on top (ties to the lowest-numbered shard): a binary min-heap, so that a batch
/// of thousands of specs over hundreds of shards is split in a blink.
private struct ShardHeap {
    private var entries: [(cost: Int, shard: Int)]

    init(count: Int) { entries = (0..<count).map { (0, $0) } }

    /// The lightest shard's number (0-based), after adding `cost` to it.
    mutating func takeLightest(adding cost: Int) -> Int {
        let shard = entries[0].shard
        entries[0].cost = entries[0].cost.addingReportingOverflow(cost).overflow ? Int.max : entries[0].cost + cost
        var parent = 0
        while true {
            var smallest = parent
            for child in [2 * parent + 1, 2 * parent + 2] where child < entries.count && Self.lighter(entries[child], entries[smallest]) {
                smallest = child
            }
            if smallest == parent { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return shard
    }

    private static func lighter(_ a: (cost: Int, shard: Int), _ b: (cost: Int, shard: Int)) -> Bool {
        a.cost != b.cost ? a.cost < b.cost : a.shard < b.shard
    }
}

/// The options of `pickerreel frame`.
package struct FrameOptions: Equatable, Sendable {
    /// The spec file.
    package var specPath: String
    /// Which moment to draw.
    package var moment: Moment
    /// The file to write; its extension (.png or .svg) picks the format.
    package var outputPath: String
    /// One of the spec's variants, by suffix; nil draws the spec's own appearance.
    package var variant: String? = nil
    /// `--root`, as in `RenderOptions.root`.
    package var root: String? = nil

    /// A frame chosen by time or by index.
    package enum Moment: Equatable, Sendable {
        case time(Double)
        case index(Int)
    }
}
