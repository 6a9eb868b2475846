import PickerCompare
import PickerReel

/// A fully parsed command line: what to do and with which options.
///
/// `CommandParser.parse` makes one; tests call it directly.
public enum Command: Equatable, Sendable {
    /// Render every frame of each spec (the built-in demo when none is given).
    case render(RenderOptions)
    /// Render one frame to a file.
    case frame(FrameOptions)
    /// Print the layout as JSON, of the spec's own appearance or one of its variants (by suffix).
    case layout(specPath: String, variant: String? = nil, root: String? = nil)
    /// Print the timeline as JSON, of the spec's own appearance or one of its variants (by suffix).
    case timeline(specPath: String, variant: String? = nil, root: String? = nil)
    /// Check specs without rendering; `root` is `--root` (see `RenderOptions.root`).
    case validate(specPaths: [String], root: String? = nil)
    /// Compare two PNG files or folders of them.
    case compare(CompareOptions)
    /// Serve a page that plays a spec and reloads when it is saved.
    case preview(PreviewOptions)
    /// Print help, for the tool or for one command.
    case help(text: String)
    /// Print the version.
    case version
}

/// The options of `pickerreel render`.
public struct RenderOptions: Equatable, Sendable {
    /// Spec files; empty renders the built-in seed demo.
    public var specPaths: [String] = []
    /// The parent folder of the output: each spec renders into `<output>/<spec name>/`; nil means `Output`.
    public var outputPath: String?
    /// Which files to write for each spec.
    public var formats: [OutputFormat] = [.png]
    /// No progress or summary on standard error.
    public var quiet = false
    /// Render only slice K of N of the sorted spec list, for a CI matrix.
    public var shard: Shard?
    /// Worker threads; nil uses every core.
    public var jobs: Int?
    /// How much memory the pictures may take at once, across every spec of the batch.
    public var memory = MemoryBudget.standard
    /// libdeflate's level for PNG frames, 0 (stored) to 12 (smallest, slowest); nil uses `PNGCompression.standard`.
    public var pngLevel: Int?
    /// What translucent pixels of a GIF are blended over.
    public var gifMatte: GIFMatte = .automatic
    /// The animated WebP's quality, 0–100; nil writes it lossless.
    public var webpQuality: Int?
    /// How MP4 and WebM videos are encoded.
    public var video = VideoOptions()
    /// The variants to render, by suffix (`dark-rtl`, or `default` for the spec's own appearance); empty renders
    /// every variant each spec lists.
    public var variants: [String] = []
    /// `--root`: the folder every icon and image must be inside; nil uses the repository that holds each spec (its
    /// nearest folder with a `.git`), or the spec's own folder.
    public var root: String?
    /// `--times`: the moments, in seconds, to write as PNG pictures named as `assertPickerSnapshot` names its
    /// goldens (`<name>.0.500s.png`), instead of every frame; empty writes every frame.
    public var times: [Double] = []
    /// `--every SECONDS`: the moments 0, SECONDS, 2 × SECONDS, … through each spec's end, as `times` writes them.
    public var every: Double?

    /// The defaults: the built-in demo into `Output/seed-demo/` as PNG frames.
    public init() {}
}

/// One slice of a sorted list: slice `index` (1-based) of `count` contiguous, nearly equal slices.
public struct Shard: Equatable, Sendable {
    /// Which slice, from 1 to `count`.
    public var index: Int
    /// How many slices the list is cut into.
    public var count: Int

    /// The part of `items` this shard takes; the shards 1…count together take every item exactly once.
    ///
    /// Computed with full-width arithmetic, so any K/N up to `Int.max` is exact and never overflows.
    public func slice<T>(of items: [T]) -> ArraySlice<T> {
        func boundary(_ part: Int) -> Int {
            let product = items.count.multipliedFullWidth(by: part)
            return count.dividingFullWidth(product).quotient
        }
        return items[boundary(index - 1)..<boundary(index)]
    }
}

/// The options of `pickerreel frame`.
public struct FrameOptions: Equatable, Sendable {
    /// The spec file.
    public var specPath: String
    /// Which moment to draw.
    public var moment: Moment
    /// The file to write; its extension (.png or .svg) picks the format.
    public var outputPath: String
    /// One of the spec's variants, by suffix; nil draws the spec's own appearance.
    public var variant: String? = nil
    /// `--root`, as in `RenderOptions.root`.
    public var root: String? = nil

    /// A frame chosen by time or by index.
    public enum Moment: Equatable, Sendable {
        case time(Double)
        case index(Int)
    }
}
