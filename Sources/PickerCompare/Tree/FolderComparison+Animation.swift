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
        return try compareDecoded(
            path: path, expected: (expected, try AnimationFile.read(expected)), actual: (actual, try AnimationFile.read(actual)),
            diffTarget: diffTarget)
    }

    /// Compares two decoded animations in time and writes their diff to `diffTarget` when they differ.
    func compareDecoded(
        path: String, expected: (path: String, animation: DecodedAnimation), actual: (path: String, animation: DecodedAnimation),
        diffTarget: String?
    ) throws(CompareError) -> FileComparison {
        let (expectedAnimation, actualAnimation) = (expected.animation, actual.animation)
        let (expected, actual) = (expected.path, actual.path)
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

extension FolderComparison {
    /// Compares a folder of PNG frames (`frame-0000.png`, … as `render` names them) with an animation (APNG or
    /// WebP) in time: frame k is the picture at k / fps at the animation's own rate (the folder has none), from its
    /// length on the picture it settles on; consecutive equal frames are one hold, as encoders store them.
    ///
    /// Throws `CompareError.mixedKinds` when the file is not an animation or the folder holds no frame, and as
    /// `compareAnimations` does.
    func compareFrames(expected: String, actual: String, framesAreExpected: Bool) throws(CompareError) -> FileComparison {
        let (folder, file) = framesAreExpected ? (expected, actual) : (actual, expected)
        guard try AnimationFile.isAnimation(file) else { throw CompareError(.mixedKinds(folder: folder, file: file)) }
        try Self.refuseOverwriting(inputs: [expected, actual], with: diffPath)
        let animation = try AnimationFile.read(file)
        let frames = try Self.frames(in: folder, like: animation)
        guard let frames else { throw CompareError(.mixedKinds(folder: folder, file: file)) }
        let (expectedAnimation, actualAnimation) = framesAreExpected ? (frames, animation) : (animation, frames)
        return try compareDecoded(
            path: FilePath.lastComponent(expected), expected: (expected, expectedAnimation), actual: (actual, actualAnimation),
            diffTarget: singleDiffTarget(name: FilePath.lastComponent(expected) + ".png"))
    }

    /// The frames in `folder` played at `animation`'s rate and for its length and loop count; nil for no frame.
    static func frames(in folder: String, like animation: DecodedAnimation) throws(CompareError) -> DecodedAnimation? {
        let names = try CompareInput.entries(of: folder).compactMap { name in SpecGroup.frameIndex(name).map { (index: $0, name: name) } }
            .sorted { $0.index < $1.index }
        guard !names.isEmpty else { return nil }
        let timing = PlaybackTiming(of: animation)
        let length = animation.length
        var pictures: [RGBAImage] = []
        var starts: [Double] = []
        for frame in names {
            let picture = try read(FilePath.join(folder, frame.name))
            let start = min(Double(frame.index) / max(timing.fps, 1), length)
            if pictures.last == picture { continue }
            if let last = starts.last, start - last <= PlaybackTiming.timeTolerance {
                pictures[pictures.count - 1] = picture
                continue
            }
            pictures.append(picture)
            starts.append(start)
        }
        let ends = Array(starts.dropFirst()) + [max(length, starts.last ?? 0)]
        let delays = zip(starts, ends).map { $1 - $0 }
        guard let first = pictures.first else { return nil }
        return DecodedAnimation(
            width: first.width, height: first.height, pictures: pictures, delays: delays, loopCount: animation.loopCount)
    }
}
