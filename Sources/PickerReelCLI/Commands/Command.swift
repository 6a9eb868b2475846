import PickerCompare
import PickerKit

/// A fully parsed command line: what to do and with which options.
///
/// `CommandParser.parse` makes one; tests call it directly.
public enum Command: Equatable, Sendable {
    /// Render every frame of each spec (the built-in demo when none is given).
    case render(RenderOptions)
    /// Render one frame to a file.
    case frame(FrameOptions)
    /// Print the layout as JSON.
    case layout(specPath: String)
    /// Print the timeline as JSON.
    case timeline(specPath: String)
    /// Check specs without rendering.
    case validate(specPaths: [String])
    /// Compare two PNG files or folders of them.
    case compare(CompareOptions)
    /// Print help, for the tool or for one command.
    case help(text: String)
    /// Print the version.
    case version
}

/// The options of `pickerreel render`.
public struct RenderOptions: Equatable, Sendable {
    /// Spec files; empty renders the built-in seed demo.
    public var specPaths: [String] = []
    /// Where frames go: with one spec, the folder itself; with several, the parent of one folder per spec.
    ///
    /// Nil means `Output/<spec name>/`.
    public var outputPath: String?
    /// Which files to write for each frame.
    public var formats: [FrameFormat] = [.png]
    /// No progress or summary on standard error.
    public var quiet = false
    /// Render only slice K of N of the sorted spec list, for a CI matrix.
    public var shard: Shard?
    /// Worker threads; nil uses every core.
    public var jobs: Int?
    /// libdeflate's level for PNG frames, 0 (stored) to 12 (smallest, slowest); nil uses `PNGCompression.standard`.
    public var pngLevel: Int?
    /// What translucent pixels of a GIF are blended over.
    public var gifMatte: GIFMatte = .automatic
}

/// What a GIF's translucent pixels are blended over, since a GIF pixel is either opaque or transparent.
public enum GIFMatte: Equatable, Sendable {
    /// White when the background is not opaque (so a translucent highlight stays visible), otherwise none.
    case automatic
    /// No matte: pixels under half opacity become transparent, the rest opaque.
    case none
    /// Blend translucent pixels over this colour.
    case color(RGBAColor)
}

/// One slice of a sorted list: slice `index` (1-based) of `count` contiguous, nearly equal slices.
public struct Shard: Equatable, Sendable {
    /// Which slice, from 1 to `count`.
    public var index: Int
    /// How many slices the list is cut into.
    public var count: Int

    /// The part of `items` this shard takes; the shards 1…count together take every item exactly once.
    public func slice<T>(of items: [T]) -> ArraySlice<T> {
        let start = items.count * (index - 1) / count
        let end = items.count * index / count
        return items[start..<end]
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

    /// A frame chosen by time or by index.
    public enum Moment: Equatable, Sendable {
        case time(Double)
        case index(Int)
    }
}

/// An output format: one file per frame (`png`, `svg`) or one file for the whole animation.
public enum FrameFormat: String, Equatable, Sendable, CaseIterable {
    /// `frame-0000.png`, …: one PNG per frame.
    case png
    /// `frame-0000.svg`, …: one SVG per frame.
    case svg
    /// `<name>.svg`: one self-contained SVG whose highlight animates (SMIL).
    case svgAnimated = "svg-animated"
    /// `<name>-sheet.png`: every frame in a grid, labelled with its index and time.
    case sheet
    /// `<name>.gif`: the animation as a looping GIF with one palette and delta frames.
    case gif

    /// True for formats written once per frame.
    var isPerFrame: Bool { self == .png || self == .svg }
}
