import Foundation
import PickerCompare
import PickerKit
import PickerRender
import TestSupport
import Testing

/// Checks `ImageComparison` against the PyPI `pixelmatch` package on realistic pairs written as PNG files.
///
/// Needs `python3 -m pip install pixelmatch pillow`; fails (does not skip) without them.
@Suite("Cross-check with pixelmatch from PyPI")
struct PixelmatchCrossCheckTests {
    @Test("differing-pixel counts agree within 1%", arguments: [0.1, 0.05, 0.2], [false, true])
    func countsAgree(threshold: Double, includesAntialiasing: Bool) throws {
        let directory = try TemporaryFolder()
        let pairs = ImagePairs.realistic()
        var paths: [(expected: String, actual: String)] = []
        for (index, pair) in pairs.enumerated() {
            let expectedPath = directory.file("\(index)-expected.png")
            let actualPath = directory.file("\(index)-actual.png")
            try Data(PNGFile.encode(pair.expected)).write(to: URL(fileURLWithPath: expectedPath))
            try Data(PNGFile.encode(pair.actual)).write(to: URL(fileURLWithPath: actualPath))
            paths.append((expectedPath, actualPath))
        }

        let theirs: [Int]
        do {
            theirs = try PythonPixelmatch.differingPixels(threshold: threshold, includesAntialiasing: includesAntialiasing, pairs: paths)
        } catch {
            Issue.record("The pixelmatch cross-check cannot run: \(error)")
            return
        }

        let settings = ComparisonSettings(threshold: threshold, includesAntialiasing: includesAntialiasing)
        var lines = ["threshold \(threshold), includeAA \(includesAntialiasing): pair, ours, pixelmatch, anti-aliased (ours)"]
        for (index, pair) in pairs.enumerated() {
            // Read back what was written, as pixelmatch does, so both sides see the same pixels.
            let expected = try PNGFile.read(paths[index].expected)
            let actual = try PNGFile.read(paths[index].actual)
            let result = ImageComparison.compare(expected: expected, actual: actual, settings: settings)
            let ours = try #require(result.pixels, "\(pair.name): sizes differ")
            lines.append("  \(pair.name): \(ours.differentPixels), \(theirs[index]), \(ours.antialiasedPixels)")
            let allowed = Int((Double(theirs[index]) * 0.01).rounded(.down))
            #expect(
                abs(ours.differentPixels - theirs[index]) <= allowed,
                "\(pair.name) at threshold \(threshold), includeAA \(includesAntialiasing): \(ours.differentPixels) differing pixels here, \(theirs[index]) in pixelmatch"
            )
        }
        print(lines.joined(separator: "\n"))
    }
}
