import PickerKit

/// Compares two decoded animations in time: at every moment either shows a new picture, the two pictures shown then,
/// with the same pixel comparison as still pictures.
enum AnimationComparer {
    /// The pixel figures of the comparison, the worst moment's (so a tolerance that accepts them accepts every
    /// moment), with the diff pictures of the differing moments when `settings.drawsDiffImage`; or the two sizes when
    /// the canvases differ.
    struct Result {
        var comparison: AnimationComparison
        var worst: PixelComparison
        /// Every moment's time and the pictures shown then, in time order.
        var moments: [(time: Double, pair: Pair)]
        /// The diff picture of every pair of pictures compared, when asked for.
        var diffPictures: [Pair: RGBAImage]
    }

    /// Compares `actual` with `expected`; returns `.differentSizes` when their canvases differ.
    static func compare(
        expected: DecodedAnimation, actual: DecodedAnimation, settings: ComparisonSettings
    ) -> (result: Result?, sizes: (expected: ImageSize, actual: ImageSize)) {
        let sizes = (ImageSize(width: expected.width, height: expected.height), ImageSize(width: actual.width, height: actual.height))
        guard sizes.0 == sizes.1 else { return (nil, sizes) }
        let moments = Self.moments(expected.starts, actual.starts)
        let expectedStarts = expected.starts
        let actualStarts = actual.starts
        var cache: [Pair: PixelComparison] = [:]
        var differing: [AnimationComparison.Moment] = []
        var diffPictures: [Pair: RGBAImage] = [:]
        var shownPairs: [(time: Double, pair: Pair)] = []
        var worst = PixelComparison(differentPixels: 0, antialiasedPixels: 0, size: sizes.0)
        for time in moments {
            let pair = Pair(expected: shown(at: time, starts: expectedStarts), actual: shown(at: time, starts: actualStarts))
            shownPairs.append((time, pair))
            let pixels: PixelComparison
            if let known = cache[pair] {
                pixels = known
            } else {
                let result = ImageComparison.compare(
                    expected: expected.pictures[pair.expected], actual: actual.pictures[pair.actual], settings: settings)
                guard case .compared(var figures) = result else { continue }
                diffPictures[pair] = figures.diffImage
                figures.diffImage = nil
                pixels = figures
                cache[pair] = figures
            }
            let kept = pixels
            if (kept.differentPixels, kept.antialiasedPixels) > (worst.differentPixels, worst.antialiasedPixels) { worst = kept }
            guard pixels.differentPixels > 0 else { continue }
            differing.append(AnimationComparison.Moment(time: time, pixels: kept))
        }
        let comparison = AnimationComparison(
            expected: PlaybackTiming(of: expected), actual: PlaybackTiming(of: actual), momentCount: moments.count,
            differingMoments: differing)
        return (Result(comparison: comparison, worst: worst, moments: shownPairs, diffPictures: diffPictures), sizes)
    }

    struct Pair: Hashable {
        var expected: Int
        var actual: Int
    }

    /// Every start of either animation, in order, times within `PlaybackTiming.timeTolerance` of an earlier one
    /// counted as that one (the same render's frame times in whole milliseconds and in exact fractions).
    static func moments(_ first: [Double], _ second: [Double]) -> [Double] {
        var moments: [Double] = []
        for time in (first + second).sorted() where moments.last.map({ time - $0 > PlaybackTiming.timeTolerance }) ?? true {
            moments.append(time)
        }
        return moments
    }

    /// The index of the picture shown at `time`: the last one starting by then (within the tolerance).
    static func shown(at time: Double, starts: [Double]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= time + PlaybackTiming.timeTolerance { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
