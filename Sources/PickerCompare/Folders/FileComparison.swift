/// The comparison of one file name: found on both sides and compared, found on one side only, or sizes that differ.
public struct FileComparison: Equatable, Sendable {
    /// What was found for this file.
    public enum Outcome: Equatable, Sendable {
        /// Both pictures were compared pixel by pixel; the diff picture is not kept (see `diffPath`).
        case compared(PixelComparison)
        /// The pictures have different sizes, so no pixel was compared.
        case differentSizes(expected: ImageSize, actual: ImageSize)
        /// The file is absent on `side`.
        case missing(Side)

        /// The pixel figures, or nil when the file was not compared pixel by pixel.
        public var pixels: PixelComparison? {
            if case .compared(let pixels) = self { return pixels }
            return nil
        }
    }

    /// The file's name, such as `segment-2.png`; for two files given directly, the expected file's name.
    public var name: String
    /// What was found.
    public var outcome: Outcome
    /// Whether the file matches: compared and within the tolerance; missing files and different sizes never match.
    public var matches: Bool
    /// Where its diff picture was written, when one was asked for and the file does not match.
    public var diffPath: String?

    /// Creates the record of one file's comparison.
    public init(name: String, outcome: Outcome, matches: Bool, diffPath: String? = nil) {
        self.name = name
        self.outcome = outcome
        self.matches = matches
        self.diffPath = diffPath
    }
}
