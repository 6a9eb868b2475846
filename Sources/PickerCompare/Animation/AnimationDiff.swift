import PickerKit
import PickerRender

/// The diff of two animations on disk: an animation of the diff pictures played in time (an APNG), and a strip of
/// the differing moments' diff pictures side by side (one PNG), so a reviewer sees what changed and when.
enum AnimationDiff {
    /// The most moments a strip shows (fewer when they would be wider than a picture may be); later ones are left
    /// out, and the report lists them all by time.
    static let stripMoments = 12

    /// Writes the diff animation at `target` (its extension made `.png`) and the strip beside it
    /// (`NAME-strip.png`); returns the animation's path.
    ///
    /// Throws `CompareError.cannotWrite` when either cannot be encoded or written.
    static func write(_ result: AnimationComparer.Result, length: Double, near target: String) throws(CompareError) -> String {
        let animationPath = AnimationDiffNames.animation(of: target)
        let stripPath = AnimationDiffNames.strip(of: target)
        let timing = result.comparison
        let fps = max(timing.expected.fps, timing.actual.fps, 1)
        let frameCount = max(1, Int((length * fps - PlaybackTiming.timeTolerance * fps).rounded(.up)))
        let blank = RGBAImage(
            width: timing.differingMoments.first?.pixels.size.width ?? 1, height: timing.differingMoments.first?.pixels.size.height ?? 1)
        func picture(at time: Double) -> RGBAImage {
            let moment = result.moments.last { $0.time <= time + PlaybackTiming.timeTolerance } ?? result.moments.first
            return moment.flatMap { result.diffPictures[$0.pair] } ?? blank
        }
        do {
            let animation = try APNGEncoder().encode(frameCount: frameCount, fps: fps, duration: length) { index in
                picture(at: Double(index) / fps)
            }
            try AtomicFile.write(animation.bytes, to: animationPath)
        } catch {
            throw CompareError(.cannotWrite(path: animationPath, what: "diff animation", reason: "\(error)"))
        }
        let width = max(blank.width, 1)
        let fitting = max(1, min(stripMoments, SpecLimits.maximumPixelsPerSide / width))
        let strip = Self.strip(timing.differingMoments.prefix(fitting).map { picture(at: $0.time) })
        do {
            try AtomicFile.write(try PNGFile.encode(strip), to: stripPath)
        } catch {
            throw CompareError(.cannotWrite(path: stripPath, what: "diff strip", reason: "\(error)"))
        }
        return animationPath
    }

    /// `pictures` side by side, left to right, on a transparent background.
    static func strip(_ pictures: [RGBAImage]) -> RGBAImage {
        guard let first = pictures.first else { return RGBAImage(width: 1, height: 1) }
        var strip = RGBAImage(width: first.width * pictures.count, height: first.height)
        let stripWidth = strip.width
        strip.withUnsafeMutablePixels { target in
            for (index, picture) in pictures.enumerated() {
                picture.pixels.withUnsafeBufferPointer { source in
                    for row in 0..<min(picture.height, first.height) {
                        let from = row * picture.width * 4
                        let to = (row * stripWidth + index * first.width) * 4
                        for offset in 0..<(min(picture.width, first.width) * 4) { target[to + offset] = source[from + offset] }
                    }
                }
            }
        }
        return strip
    }
}
