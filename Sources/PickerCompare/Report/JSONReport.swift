import FoundationEssentials
import PickerKit

/// The machine-readable report `pickerreel compare --report json` writes: the verdict, both roots, the settings,
/// counts per status, and one entry per file, with sorted keys so the output is the same on every run.
///
/// Keys left out rather than null: `expected`, `actual` and `diff` of a file when there is none; `width` and
/// `height` when the sizes differ (then `expectedSize` and `actualSize`); the pixel figures when no pixel was
/// compared; `animation` unless both files are animations. `settings` has `maxDiffPixels` or `maxDiffRatio`, whichever tolerance is in force.
package struct JSONReport: Codable, Equatable, Sendable, JSONDocument {
    /// The settings the comparison ran with.
    package struct Settings: Codable, Equatable, Sendable {
        package var metric: ColorMetric
        package var threshold: Double
        package var countsAntialiasing: Bool
        package var maxDiffPixels: Int?
        package var maxDiffRatio: Double?
    }

    /// A width and a height in pixels.
    package struct Size: Codable, Equatable, Sendable {
        package var width: Int
        package var height: Int

        init(_ size: ImageSize) {
            width = size.width
            height = size.height
        }
    }

    /// How many files have each status, and in all.
    package struct Counts: Codable, Equatable, Sendable {
        package var files: Int
        package var match: Int
        package var differs: Int
        package var sizeChanged: Int
        package var added: Int
        package var removed: Int
        /// Files whose bytes moved to another name (absent from reports of earlier versions).
        package var renamed: Int?
    }

    /// One file.
    package struct File: Codable, Equatable, Sendable {
        package var path: String
        package var status: FileStatus
        package var match: Bool
        package var expected: String?
        package var actual: String?
        package var diff: String?
        package var width: Int?
        package var height: Int?
        package var expectedSize: Size?
        package var actualSize: Size?
        package var differentPixels: Int?
        package var antialiasedPixels: Int?
        package var ratio: Double?
        /// For a renamed file, its path in EXPECTED.
        package var renamedFrom: String?
        /// For two animations: their timing and the moments that differ.
        package var animation: Animation?

        init(_ file: FileComparison) {
            path = file.path
            status = file.status
            match = file.matches
            expected = file.expectedPath
            actual = file.actualPath
            diff = file.diffPath
            animation = file.animation.map(Animation.init)
            switch file.outcome {
            case .compared(let pixels):
                width = pixels.size.width
                height = pixels.size.height
                differentPixels = pixels.differentPixels
                antialiasedPixels = pixels.antialiasedPixels
                ratio = pixels.ratio
            case .sizeChanged(let expectedSize, let actualSize):
                self.expectedSize = Size(expectedSize)
                self.actualSize = Size(actualSize)
            case .added(let size):
                actualSize = size.map(Size.init)
            case .removed(let size):
                expectedSize = size.map(Size.init)
            case .renamed(let from, let size):
                renamedFrom = from
                expectedSize = size.map(Size.init)
                actualSize = size.map(Size.init)
            }
        }
    }

    package var status: ComparisonSummary.Status
    package var match: Bool
    package var expected: String
    package var actual: String
    package var settings: Settings
    package var counts: Counts
    /// What differs between the render environments of the two sides (`ComparisonSummary.environmentChanges`);
    /// absent when nothing does.
    package var environmentChanges: [String]?
    /// How the worst contrast of a label, icon or the highlight moved (`ComparisonSummary.contrastChanges`); absent
    /// when nothing measured moved.
    package var contrastChanges: [String]?
    /// Where merged shard reports disagreed about a file (`ComparisonSummary.disagreements`); absent when none did.
    package var disagreements: [String]?
    package var files: [File]

    /// The report of `summary`.
    package init(_ summary: ComparisonSummary) {
        status = summary.status
        match = summary.matches
        expected = summary.expected
        actual = summary.actual
        var settings = Settings(
            metric: summary.settings.metric, threshold: summary.settings.threshold,
            countsAntialiasing: summary.settings.includesAntialiasing)
        switch summary.tolerance {
        case .pixels(let count): settings.maxDiffPixels = count
        case .ratio(let share): settings.maxDiffRatio = share
        }
        self.settings = settings
        counts = Counts(
            files: summary.files.count, match: summary.count(.match), differs: summary.count(.differs),
            sizeChanged: summary.count(.sizeChanged), added: summary.count(.added), removed: summary.count(.removed),
            renamed: summary.count(.renamed))
        files = summary.files.map(File.init)
        environmentChanges = summary.environmentChanges.isEmpty ? nil : summary.environmentChanges
        contrastChanges = summary.contrastChanges.isEmpty ? nil : summary.contrastChanges
        disagreements = summary.disagreements.isEmpty ? nil : summary.disagreements
    }
}
