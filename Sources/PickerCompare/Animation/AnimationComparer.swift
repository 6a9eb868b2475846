import PickerKit

/// Compares two animations in time: at every moment either shows a new picture, the two pictures shown then,
/// with the same pixel comparison as still pictures.
///
/// The pictures are read in order, one of each side at a time (`AnimationReader`), so the comparison holds two
/// pictures whatever the number of frames; the diff pictures are drawn again when the diff is written
/// (`AnimationDiff`) rather than kept.
enum AnimationComparer {
    /// The pixel figures of the comparison, the worst moment's (so a tolerance that accepts them accepts every
    /// moment).
    struct Result {
        var comparison: AnimationComparison
        var worst: PixelComparison
        /// Every moment's time and the pictures shown then, in time order.
        var moments: [(time: Double, pair: Pair)]
    }

    /// Compares `actual` with `expected`, whose canvases are the same size.
    ///
    /// Throws `CompareError` when a picture cannot be decoded.
    static func compare(expected: AnimationReader, actual: AnimationReader, settings: ComparisonSettings) throws(CompareError) -> Result {
        let size = ImageSize(width: expected.width, height: expected.height)
        var figures = settings
        figures.drawsDiffImage = false
        let moments = Self.moments(expected.starts, actual.starts)
        let (expectedStarts, actualStarts) = (expected.starts, actual.starts)
        // The pictures shown only move forward in time, so a pair seen before is the one just compared.
        var last: (pair: Pair, pixels: PixelComparison?)?
        var differing: [AnimationComparison.Moment] = []
        var shownPairs: [(time: Double, pair: Pair)] = []
        var worst = PixelComparison(differentPixels: 0, antialiasedPixels: 0, size: size)
        for time in moments {
            let pair = Pair(expected: shown(at: time, starts: expectedStarts), actual: shown(at: time, starts: actualStarts))
            shownPairs.append((time, pair))
            let pixels: PixelComparison?
            if let last, last.pair == pair {
                pixels = last.pixels
            } else {
                let result = ImageComparison.compare(
                    expected: try expected.picture(pair.expected), actual: try actual.picture(pair.actual), settings: figures)
                if case .compared(let compared) = result { pixels = compared } else { pixels = nil }
                last = (pair, pixels)
            }
            guard let kept = pixels else { continue }
            if (kept.differentPixels, kept.antialiasedPixels) > (worst.differentPixels, worst.antialiasedPixels) { worst = kept }
            guard kept.differentPixels > 0 else { continue }
            differing.append(AnimationComparison.Moment(time: time, pixels: kept))
        }
        let comparison = AnimationComparison(
            expected: expected.timing, actual: actual.timing, momentCount: moments.count, differingMoments: differing)
        return Result(comparison: comparison, worst: worst, moments: shownPairs)
    }

    /// The diff picture of one pair of pictures, drawn from two readers read in order: the same pair again is
    /// the picture just drawn.
    final class DiffPictures {
        private let expected: AnimationReader
        private let actual: AnimationReader
        private let settings: ComparisonSettings
        private var last: (pair: Pair, picture: RGBAImage?)?

        init(expected: AnimationReader, actual: AnimationReader, settings: ComparisonSettings) {
            self.expected = expected
            self.actual = actual
            var drawing = settings
            drawing.drawsDiffImage = true
            self.settings = drawing
        }

        /// The diff picture of `pair`, asked for in time order.
        ///
        /// Nil when its pictures differ in size; throws `CompareError` when a picture cannot be decoded.
        func picture(_ pair: Pair) throws(CompareError) -> RGBAImage? {
            if let last, last.pair == pair { return last.picture }
            last = nil
            let result = ImageComparison.compare(
                expected: try expected.picture(pair.expected), actual: try actual.picture(pair.actual), settings: settings)
            guard case .compared(let figures) = result else {
                last = (pair, nil)
                return nil
            }
            last = (pair, figures.diffImage)
            return figures.diffImage
        }
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
