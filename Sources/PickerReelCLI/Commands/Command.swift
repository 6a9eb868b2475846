import PickerCompare
import PickerPreview
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
    /// `--audit`: measure WCAG contrast on every frame and keep each label's, icon's and the highlight's worst ratio in
    /// the folder's manifest, for `compare` to say when a change moves one.
    package var audit = false

    /// The defaults: the built-in demo into `Output/seed-demo/` as PNG frames.
    package init() {}
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
