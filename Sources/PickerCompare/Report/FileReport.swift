/// One file in the JSON report of `pickerreel compare --report json`.
///
/// Which keys appear depends on what was found (absent keys are left out, not null):
/// - compared: `name`, `match`, `width`, `height`, `differentPixels`, `antialiasedPixels`, `ratio`;
/// - sizes differ: `name`, `match` (false), `width` and `height` as `{"actual": n, "expected": m}`;
/// - on one side only: `name`, `match` (false), `missing` (`"expected"` or `"actual"`, the side it is absent from).
public struct FileReport: Codable, Equatable, Sendable {
    /// The file's name.
    public var name: String
    /// Whether it matches within the tolerance.
    public var match: Bool
    /// Its width, or both widths when the sizes differ; absent for a missing file.
    public var width: ReportDimension?
    /// Its height, or both heights when the sizes differ; absent for a missing file.
    public var height: ReportDimension?
    /// Pixels that differ beyond the threshold, anti-aliasing not counted; absent when not compared.
    public var differentPixels: Int?
    /// Pixels beyond the threshold that look like anti-aliasing; absent when not compared.
    public var antialiasedPixels: Int?
    /// `differentPixels` over the picture's pixel count, 0 to 1; absent when not compared.
    public var ratio: Double?
    /// The side the file is absent from; absent when it is on both.
    public var missing: Side?

    /// Creates a file entry with the given fields.
    public init(
        name: String,
        match: Bool,
        width: ReportDimension? = nil,
        height: ReportDimension? = nil,
        differentPixels: Int? = nil,
        antialiasedPixels: Int? = nil,
        ratio: Double? = nil,
        missing: Side? = nil
    ) {
        self.name = name
        self.match = match
        self.width = width
        self.height = height
        self.differentPixels = differentPixels
        self.antialiasedPixels = antialiasedPixels
        self.ratio = ratio
        self.missing = missing
    }

    /// The entry for one compared file name.
    public init(_ file: FileComparison) {
        self.init(name: file.name, match: file.matches)
        switch file.outcome {
        case .compared(let pixels):
            width = .same(pixels.size.width)
            height = .same(pixels.size.height)
            differentPixels = pixels.differentPixels
            antialiasedPixels = pixels.antialiasedPixels
            ratio = pixels.ratio
        case .differentSizes(let expected, let actual):
            width = .differs(expected: expected.width, actual: actual.width)
            height = .differs(expected: expected.height, actual: actual.height)
        case .missing(let side):
            missing = side
        }
    }
}
