import PickerKit
import PickerRender

/// The diff of two animations on disk: an animation of the diff pictures played in time (an APNG), and a strip of
/// the differing moments' diff pictures side by side (one PNG), so a reviewer sees what changed and when.
///
/// The diff pictures are drawn again from the two files, in time order, as each is needed (`DiffPictures`), so
/// writing the diff holds one diff picture and the encoder's, never every frame.
enum AnimationDiff {
    /// The most moments a strip shows (fewer when they would be wider than a picture may be, or would not fit in the
    /// memory budget); later ones are left out, and the report lists them all by time.
    static let stripMoments = 12

    /// Writes the diff animation and its strip beside `target`; returns the animation's path.
    ///
    /// The animation goes to `target` (its extension made `.png`) and the strip of at most `stripMoments` of the
    /// differing moments beside it (`NAME-strip.png`). `diffs` opens the two files again and draws their diff
    /// pictures (called once for the animation, once for the strip).
    ///
    /// Throws `CompareError.cannotWrite` when either cannot be encoded or written, and as `diffs` does.
    static func write(
        _ result: AnimationComparer.Result, length: Double, near target: String, stripMoments: Int = stripMoments,
        diffs: () throws(CompareError) -> AnimationComparer.DiffPictures
    ) throws(CompareError) -> String {
        let animationPath = AnimationDiffNames.animation(of: target)
        let stripPath = AnimationDiffNames.strip(of: target)
        let timing = result.comparison
        let fps = max(timing.expected.fps, timing.actual.fps, 1)
        let frameCount = max(1, Int((length * fps - PlaybackTiming.timeTolerance * fps).rounded(.up)))
        let size = timing.differingMoments.first?.pixels.size ?? ImageSize(width: 1, height: 1)
        func pair(at time: Double) -> AnimationComparer.Pair? {
            (result.moments.last { $0.time <= time + PlaybackTiming.timeTolerance } ?? result.moments.first)?.pair
        }
        func picture(at time: Double, from pictures: AnimationComparer.DiffPictures) throws(CompareError) -> RGBAImage {
            try pair(at: time).flatMap { (pair: AnimationComparer.Pair) throws(CompareError) in try pictures.picture(pair) }
                ?? RGBAImage(width: size.width, height: size.height)
        }
        let played = try diffs()
        do {
            let animation = try APNGEncoder().encode(frameCount: frameCount, fps: fps, duration: length) { index in
                try picture(at: Double(index) / fps, from: played)
            }
            try AtomicFile.write(animation.bytes, to: animationPath)
        } catch let error as CompareError {
            throw error
        } catch {
            throw CompareError(.cannotWrite(path: animationPath, what: "diff animation", reason: "\(error)"))
        }
        let width = max(size.width, 1)
        let fitting = max(1, min(stripMoments, SpecLimits.maximumPixelsPerSide / width))
        let shown = timing.differingMoments.prefix(fitting)
        var strip = RGBAImage(width: width * max(shown.count, 1), height: max(size.height, 1))
        let stripped = try diffs()
        for (index, moment) in shown.enumerated() {
            Self.place(try picture(at: moment.time, from: stripped), at: index, in: &strip, width: width)
        }
        do {
            try AtomicFile.write(try PNGFile.encode(strip), to: stripPath)
        } catch {
            throw CompareError(.cannotWrite(path: stripPath, what: "diff strip", reason: "\(error)"))
        }
        return animationPath
    }

    /// Copies `picture` into `strip` as its `index`th picture of `width` px, left to right.
    static func place(_ picture: RGBAImage, at index: Int, in strip: inout RGBAImage, width: Int) {
        let stripWidth = strip.width
        let height = strip.height
        strip.withUnsafeMutablePixels { target in
            picture.pixels.withUnsafeBufferPointer { source in
                for row in 0..<min(picture.height, height) {
                    let from = row * picture.width * 4
                    let to = (row * stripWidth + index * width) * 4
                    for offset in 0..<(min(picture.width, width) * 4) { target[to + offset] = source[from + offset] }
                }
            }
        }
    }
}
