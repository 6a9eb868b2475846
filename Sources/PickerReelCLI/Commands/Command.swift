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

/// A per-frame file format.
public enum FrameFormat: String, Equatable, Sendable, CaseIterable {
    case png
    case svg
}
