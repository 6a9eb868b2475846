import PickerKit
import PickerRender

extension FolderComparison {
    /// Compares two animations (APNG or WebP, in any pairing) in time; nil when neither file is one, so the caller
    /// compares them as still pictures.
    ///
    /// Their sizes come from their headers: canvases of different sizes are reported without decoding a picture.
    /// They match when they play alike (rate, length, frames, loops) and the tolerance accepts every moment. With
    /// `diffTarget`, differing animations get a diff animation there (an APNG, `.png`) and a strip of the differing
    /// moments' diff pictures beside it (`NAME-strip.png`). Throws `CompareError` when only one is an animation, a
    /// file cannot be decoded, comparing them would take more than `memory`, or a diff cannot be written.
    func compareAnimations(path: String, expected: String, actual: String, diffTarget: String?) throws(CompareError) -> FileComparison? {
        let (expectedIsAnimation, actualIsAnimation) = (try AnimationReader.isAnimation(expected), try AnimationReader.isAnimation(actual))
        guard expectedIsAnimation || actualIsAnimation else { return nil }
        guard expectedIsAnimation && actualIsAnimation else {
            throw CompareError(
                .stillAgainstAnimation(still: expectedIsAnimation ? actual : expected, animation: expectedIsAnimation ? expected : actual))
        }
        return try compareReaders(
            path: path, expected: try AnimationReader.open(expected), actual: try AnimationReader.open(actual), diffTarget: diffTarget)
    }

    /// Compares two animations in time, picture by picture, within `memory`, and writes their diff to `diffTarget`
    /// when they differ.
    func compareReaders(path: String, expected: AnimationReader, actual: AnimationReader, diffTarget: String?) throws(CompareError)
        -> FileComparison
    {
        let sizes = (ImageSize(width: expected.width, height: expected.height), ImageSize(width: actual.width, height: actual.height))
        guard sizes.0 == sizes.1 else {
            return FileComparison(
                path: path, outcome: .sizeChanged(expected: sizes.0, actual: sizes.1), matches: false, expectedPath: expected.path,
                actualPath: actual.path)
        }
        let pixels = expected.width * expected.height
        let readers = ComparisonMemory.animations(expected, actual, drawsDiff: false, stripMoments: 0)
        let strip = ComparisonMemory.stripMoments(pixels: pixels, readerBytes: readers, within: memory)
        let need = ComparisonMemory.animations(expected, actual, drawsDiff: diffTarget != nil, stripMoments: strip)
        try refuseOverBudget(
            need, expected: expected.path, actual: actual.path, pictures: (expected.delays.count, actual.delays.count), size: sizes.0,
            drawsDiff: diffTarget != nil)
        return try withShare(of: need) { () throws(CompareError) -> FileComparison in
            let result = try AnimationComparer.compare(expected: expected, actual: actual, settings: settings)
            let matches = result.comparison.timingChange == nil && tolerance.accepts(result.worst)
            var writtenPath: String?
            if !matches, let diffTarget, !result.comparison.differingMoments.isEmpty {
                writtenPath = try AnimationDiff.write(
                    result, length: max(expected.length, actual.length), near: diffTarget, stripMoments: strip
                ) { () throws(CompareError) in
                    AnimationComparer.DiffPictures(expected: try expected.restarted(), actual: try actual.restarted(), settings: settings)
                }
            }
            var file = FileComparison(
                path: path, outcome: .compared(result.worst), matches: matches, expectedPath: expected.path, actualPath: actual.path,
                diffPath: writtenPath)
            file.animation = result.comparison
            return file
        }
    }
}

extension FolderComparison {
    /// Throws `CompareError.overBudget` naming `expected`, the pictures and their size when comparing them takes
    /// `need` bytes, more than `memory`; the one place that decides the refusal and says it.
    func refuseOverBudget(
        _ need: Int, expected: String, actual: String, pictures: (expected: Int, actual: Int), size: ImageSize, drawsDiff: Bool
    ) throws(CompareError) {
        guard need > memory.bytes else { return }
        throw CompareError(
            .overBudget(
                path: expected,
                detail:
                    "comparing it with \(actual), \(pictures.expected) and \(pictures.actual) pictures of \(size.width) × \(size.height) px, one at a time, takes about \(MemoryBudget.amount(need)), more than the memory budget (\(memory); --memory)\(drawsDiff ? " with the diff pictures" : ""); give a larger --memory"
            ))
    }

    /// Throws `CompareError.overBudget` naming both files, their size and the budget when comparing two still pictures
    /// takes `need` bytes, more than the whole of `memory`: refused from their headers, before either is decoded.
    ///
    /// A size past the picture limits is left to decoding, which names the limit: no budget would let it be read.
    func refuseStillsOverBudget(_ need: Int, expected: String, actual: String, size: ImageSize, drawsDiff: Bool) throws(CompareError) {
        let withinLimits =
            size.width <= SpecLimits.maximumPixelsPerSide && size.height <= SpecLimits.maximumPixelsPerSide
            && size.width * size.height <= SpecLimits.maximumPixelsPerFrame
        guard need > memory.bytes, withinLimits else { return }
        throw CompareError(
            .overBudget(
                path: expected,
                detail:
                    "comparing it with \(actual), two pictures of \(size.width) × \(size.height) px, takes about \(MemoryBudget.amount(need)), more than the memory budget (\(memory); --memory)\(drawsDiff ? " with the diff picture" : ""); give a larger --memory"
            ))
    }

    /// Compares a folder of PNG frames (`frame-0000.png`, … as `render` names them) with an animation (APNG or
    /// WebP) in time: frame k is the picture at k / fps at the animation's own rate (the folder has none), from its
    /// length on the picture it settles on; consecutive equal frames are one hold, as encoders store them.
    ///
    /// Throws `CompareError.mixedKinds` when the file is not an animation or the folder holds no frame, and as
    /// `compareAnimations` does.
    func compareFrames(expected: String, actual: String, framesAreExpected: Bool) throws(CompareError) -> FileComparison {
        let (folder, file) = framesAreExpected ? (expected, actual) : (actual, expected)
        guard try AnimationReader.isAnimation(file) else { throw CompareError(.mixedKinds(folder: folder, file: file)) }
        try Self.refuseOverwriting(inputs: [expected, actual], with: diffPath)
        let animation = try AnimationReader.open(file)
        let names = try CompareInput.entries(of: folder).compactMap { name in SpecGroup.frameIndex(name).map { (index: $0, name: name) } }
            .sorted { $0.index < $1.index }
        guard let first = names.first else { throw CompareError(.mixedKinds(folder: folder, file: file)) }
        let path = FilePath.lastComponent(expected)
        // The first frame's header against the animation's: a change of size is reported before any frame is read.
        let size = try Self.declaredSize(FilePath.join(folder, first.name))
        let canvas = ImageSize(width: animation.width, height: animation.height)
        guard size == canvas else {
            return FileComparison(
                path: path, outcome: .sizeChanged(expected: framesAreExpected ? size : canvas, actual: framesAreExpected ? canvas : size),
                matches: false, expectedPath: expected, actualPath: actual)
        }
        // The budget before the frames are read to find their holds: the comparison's, with a folder's frames read as
        // still pictures.
        let diffs = diffPath != nil
        let held = animation.heldBytes
        let perPixel = animation.bytesPerPixel + ComparisonMemory.stillBytesPerPixel
        let pixels = canvas.width * canvas.height
        let reading = ComparisonMemory.animations(
            pixels: pixels, heldBytes: held, bytesPerPixel: perPixel, drawsDiff: false, stripMoments: 0)
        let strip = ComparisonMemory.stripMoments(pixels: pixels, readerBytes: reading, within: memory)
        try refuseOverBudget(
            ComparisonMemory.animations(pixels: pixels, heldBytes: held, bytesPerPixel: perPixel, drawsDiff: diffs, stripMoments: strip),
            expected: expected, actual: actual,
            pictures: framesAreExpected ? (names.count, animation.delays.count) : (animation.delays.count, names.count),
            size: canvas, drawsDiff: diffs)
        let frames = try AnimationReader.frames(
            in: folder, names: names, like: animation.timing, length: animation.length, loopCount: animation.loopCount)
        guard let frames else { throw CompareError(.mixedKinds(folder: folder, file: file)) }
        let (expectedReader, actualReader) = framesAreExpected ? (frames, animation) : (animation, frames)
        return try compareReaders(
            path: path, expected: expectedReader, actual: actualReader, diffTarget: singleDiffTarget(name: path + ".png"))
    }
}
