import PickerKit

extension FolderComparison {
    /// Compares two animations (APNG or WebP, in any pairing) in time; nil when neither file is one, so the caller
    /// compares them as still pictures.
    ///
    /// They match when they play alike (rate, length, frames, loops) and the tolerance accepts every moment. With
    /// `diffTarget`, differing animations get a diff animation there (an APNG, `.png`) and a strip of the differing
    /// moments' diff pictures beside it (`NAME-strip.png`). Throws `CompareError` when only one is an animation, a
    /// file cannot be decoded, or a diff cannot be written.
    func compareAnimations(path: String, expected: String, actual: String, diffTarget: String?) throws(CompareError) -> FileComparison? {
        let (expectedIsAnimation, actualIsAnimation) = (try AnimationFile.isAnimation(expected), try AnimationFile.isAnimation(actual))
        guard expectedIsAnimation || actualIsAnimation else { return nil }
        guard expectedIsAnimation && actualIsAnimation else {
            throw CompareError(
                .stillAgainstAnimation(still: expectedIsAnimation ? actual : expected, animation: expectedIsAnimation ? expected : actual))
        }
        let expectedAnimation = try AnimationFile.read(expected)
        let actualAnimation = try AnimationFile.read(actual)
        var pixelSettings = settings
        pixelSettings.drawsDiffImage = diffTarget != nil
        let compared = AnimationComparer.compare(expected: expectedAnimation, actual: actualAnimation, settings: pixelSettings)
        guard let result = compared.result else {
            return FileComparison(
                path: path, outcome: .sizeChanged(expected: compared.sizes.expected, actual: compared.sizes.actual), matches: false,
                expectedPath: expected, actualPath: actual)
        }
        let matches = result.comparison.timingChange == nil && tolerance.accepts(result.worst)
        var writtenPath: String?
        if !matches, let diffTarget, !result.comparison.differingMoments.isEmpty {
            writtenPath = try AnimationDiff.write(result, length: max(expectedAnimation.length, actualAnimation.length), near: diffTarget)
        }
        var file = FileComparison(
            path: path, outcome: .compared(result.worst), matches: matches, expectedPath: expected, actualPath: actual,
            diffPath: writtenPath)
        file.animation = result.comparison
        return file
    }
}
