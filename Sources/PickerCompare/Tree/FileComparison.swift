/// What was found for one relative path: compared, on one side only, or of another size.
public enum FileStatus: String, Codable, CaseIterable, Equatable, Sendable {
    /// Compared pixel by pixel and within the tolerance.
    case match
    /// Compared pixel by pixel, with more differing pixels than the tolerance allows.
    case differs
    /// The pictures have different sizes: a layout change, so no pixel was compared.
    case sizeChanged = "size-changed"
    /// Only in ACTUAL: a new picture.
    case added
    /// Only in EXPECTED: a picture that is gone.
    case removed
    /// The same bytes under another name: only in ACTUAL at its path, only in EXPECTED at the old one.
    case renamed
}

/// The comparison of one relative path found on either side.
public struct FileComparison: Equatable, Sendable {
    /// What was found for this path.
    public enum Outcome: Equatable, Sendable {
        /// Both pictures were compared pixel by pixel; the diff picture is not kept (see `diffPath`).
        case compared(PixelComparison)
        /// The pictures have different sizes, so no pixel was compared.
        case sizeChanged(expected: ImageSize, actual: ImageSize)
        /// Only in ACTUAL.
        case added(ImageSize?)
        /// Only in EXPECTED.
        case removed(ImageSize?)
        /// The bytes of the EXPECTED file at `from` (a relative path), now at this path in ACTUAL and gone from
        /// `from`.
        case renamed(from: String, size: ImageSize?)

        /// The pixel figures, or nil when the file was not compared pixel by pixel.
        public var pixels: PixelComparison? {
            if case .compared(let pixels) = self { return pixels }
            return nil
        }
    }

    /// The path relative to the two roots, `/`-separated, such as `seed-demo/frame-0003.png`; for two files given
    /// directly, the expected file's name.
    public var path: String
    /// What was found.
    public var outcome: Outcome
    /// Whether the file matches: compared and within the tolerance; added, removed and resized files never match.
    public var matches: Bool
    /// The expected file, when there is one.
    public var expectedPath: String?
    /// The actual file, when there is one.
    public var actualPath: String?
    /// Where its diff picture was written, when one was asked for and the file differs pixel by pixel.
    public var diffPath: String?
    /// For two animations (APNG, WebP): how each plays and the moments that differ; `outcome`'s pixels are then the
    /// figures of the moment that differs most.
    public var animation: AnimationComparison?

    /// Creates the record of one file's comparison.
    package init(
        path: String, outcome: Outcome, matches: Bool, expectedPath: String? = nil, actualPath: String? = nil, diffPath: String? = nil
    ) {
        self.path = path
        self.outcome = outcome
        self.matches = matches
        self.expectedPath = expectedPath
        self.actualPath = actualPath
        self.diffPath = diffPath
    }

    /// The one-word status of this file.
    public var status: FileStatus {
        switch outcome {
        case .compared: return matches ? .match : .differs
        case .sizeChanged: return .sizeChanged
        case .added: return .added
        case .removed: return .removed
        case .renamed: return .renamed
        }
    }
}
