import PickerKit
import PickerRender

extension FolderComparison {
    /// Compares two picture files already read whole, asking each question of their bytes.
    ///
    /// Equal bytes, animation or still, declared sizes, pixels: the same verdicts and errors as the path-based steps of `compareEntry`, with one
    /// open and one read per file.
    func compareFiles(path: String, expected: PictureFile, actual: PictureFile, diffTarget: String?) throws(CompareError)
        -> FileComparison
    {
        if EqualFiles.sameBytes(expected.bytes, actual.bytes) {
            return try EqualFiles.match(path: path, expected: expected, tolerance: tolerance, actualPath: actual.path)
        }
        if expected.isAnimation || actual.isAnimation {
            guard expected.isAnimation && actual.isAnimation else {
                throw CompareError(
                    .stillAgainstAnimation(
                        still: expected.isAnimation ? actual.path : expected.path,
                        animation: expected.isAnimation ? expected.path : actual.path))
            }
            return try compareReaders(
                path: path, expected: try AnimationReader.open(expected), actual: try AnimationReader.open(actual), diffTarget: diffTarget)
        }
        // The headers first: pictures of different sizes are reported without decoding either (a header that cannot
        // be read is left to decoding, which says what is wrong with it).
        guard let expectedSize = try? expected.declaredPNGSize(), let actualSize = try? actual.declaredPNGSize() else {
            return try compareStills(path: path, expected: expected, actual: actual, diffTarget: diffTarget)
        }
        guard expectedSize == actualSize else {
            return FileComparison(
                path: path,
                outcome: .sizeChanged(
                    expected: ImageSize(width: expectedSize.width, height: expectedSize.height),
                    actual: ImageSize(width: actualSize.width, height: actualSize.height)), matches: false, expectedPath: expected.path,
                actualPath: actual.path)
        }
        let need = ComparisonMemory.stills(
            pixels: expectedSize.width * expectedSize.height, fileBytes: expected.bytes.count + actual.bytes.count,
            drawsDiff: diffTarget != nil)
        try refuseStillsOverBudget(
            need, expected: expected.path, actual: actual.path, size: ImageSize(width: expectedSize.width, height: expectedSize.height),
            drawsDiff: diffTarget != nil)
        return try withShare(of: need) { () throws(CompareError) -> FileComparison in
            try compareStills(path: path, expected: expected, actual: actual, diffTarget: diffTarget)
        }
    }

    /// `compareStills` of two still PNG files already read.
    func compareStills(path: String, expected: PictureFile, actual: PictureFile, diffTarget: String?) throws(CompareError)
        -> FileComparison
    {
        try compareStills(
            path: path, expectedImage: try Self.decoded(expected), actualImage: try Self.decoded(actual), expected: expected.path,
            actual: actual.path, diffTarget: diffTarget)
    }

    /// The pixels of a still PNG file already read; throws as `read(_:)` does.
    static func decoded(_ file: PictureFile) throws(CompareError) -> RGBAImage {
        do {
            return try file.decodedPNG()
        } catch {
            throw CompareError(.unreadable(path: file.path, error: error))
        }
    }
}
