/// How hard the PNG writer compresses: the trade of encoding time against file size.
///
/// The default, level 4 with unfiltered rows, measured on the benchmark specs at about a quarter of the CPU time
/// of cairo's `write_to_png` with files no larger (docs/performance.md has the figures for each level).
public struct PNGCompression: Equatable, Sendable {
    /// libdeflate's level: 0 stores without compressing, 1 is fastest, 12 is smallest and far slowest.
    public var level: Int
    /// How each row is predicted from its neighbours before compression.
    public var filter: PNGRowFilter

    /// The levels libdeflate accepts.
    public static let levels = 0...12

    /// The default: fast, with files about the size cairo's own writer makes.
    public static let standard = PNGCompression(level: 4, filter: .none)

    /// A setting; `level` is clamped to `levels`.
    public init(level: Int, filter: PNGRowFilter = .none) {
        self.level = min(max(level, Self.levels.lowerBound), Self.levels.upperBound)
        self.filter = filter
    }
}

/// The PNG row filter the writer applies (PNG specification, section 9).
///
/// Pictures of flat colours and anti-aliased text compress best unfiltered: a row repeats the row above
/// byte for byte, which deflate finds by itself, while filters turn edges into scattered small values.
public enum PNGRowFilter: String, Equatable, Sendable, CaseIterable {
    /// Every row as it is (filter type 0).
    case none
    /// Each byte minus the byte one pixel to the left (type 1).
    case sub
    /// Each byte minus the byte above (type 2).
    case up
    /// Each byte minus the Paeth predictor of left, above and upper left (type 4).
    case paeth
    /// Per row, whichever of none, sub and up gives the smallest sum of absolute values (libpng's heuristic,
    /// over three filters instead of five).
    case adaptive
}
