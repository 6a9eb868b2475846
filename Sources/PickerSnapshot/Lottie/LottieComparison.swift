import PickerCompare
import PickerKit

/// A Lottie golden and a fresh Lottie compared as a person sees them: both played frame by frame in rlottie and each
/// pair of pictures compared as `pickerreel compare` compares pictures, after a check that both play at the same
/// frame rate, from the same in point to the same out point, on the same canvas.
///
/// Pictures rather than JSON text, so a golden holds across machines as PNG goldens do: a glyph outline that another
/// font stack places a little otherwise changes a few pixels, within the tolerance, not the test's outcome.
struct LottieComparison {
    /// Why the comparison could not be made: the golden's fault (a reason for its message) or the render's.
    enum Failure: Error, Equatable {
        case golden(String)
        case fresh(String)
    }

    /// The moments beyond the tolerance, in time order, diff pictures not kept.
    private(set) var moments: [AnimationComparison.Moment] = []
    /// What differs in how the two play (`frame rate 30 fps → 60 fps`); empty when they play alike.
    private(set) var structureChanges: [String] = []
    /// How many moments were compared.
    private(set) var momentCount = 0
    /// The diff picture of the moment with the most differing pixels (golden faded, differences red).
    private(set) var largestDiff: RGBAImage?

    /// Plays and compares `golden` with `fresh`.
    ///
    /// Throws `Failure.golden` for a golden that is not a Lottie document as `LottieFacts` reads it or that rlottie
    /// does not play, `.fresh` when rlottie cannot be opened or does not play the render.
    init(golden: [UInt8], fresh: [UInt8], tolerance: Tolerance, settings: ComparisonSettings) throws(Failure) {
        let goldenFacts: LottieFacts
        let freshFacts: LottieFacts
        do {
            goldenFacts = try LottieFacts(golden)
        } catch {
            throw .golden("not a Lottie document: \(error.message)")
        }
        do {
            freshFacts = try LottieFacts(fresh)
        } catch {
            throw .fresh("the render's Lottie: \(error.message)")
        }
        structureChanges = goldenFacts.changes(to: freshFacts)
        // Another canvas or length cannot be compared picture by picture; the changes say it in words.
        guard structureChanges.isEmpty else { return }
        let freshPlayer: RlottieAnimation
        do {
            freshPlayer = try RlottieAnimation(document: fresh)
        } catch {
            throw .fresh(Self.reason(error, of: "the render's Lottie"))
        }
        let goldenPlayer: RlottieAnimation
        do {
            goldenPlayer = try RlottieAnimation(document: golden)
        } catch {
            throw .golden(Self.reason(error, of: "it"))
        }
        let (width, height) = (freshFacts.width, freshFacts.height)
        momentCount = freshFacts.frameCount
        var largest = 0
        for index in 0..<momentCount {
            let expected = goldenPlayer.frame(index, width: width, height: height)
            let actual = freshPlayer.frame(index, width: width, height: height)
            guard case .compared(let pixels) = ImageComparison.compare(expected: expected, actual: actual, settings: settings),
                !tolerance.accepts(pixels)
            else { continue }
            var figures = pixels
            figures.diffImage = nil
            moments.append(AnimationComparison.Moment(time: Double(index) / freshFacts.frameRate, pixels: figures))
            if pixels.differentPixels > largest {
                largest = pixels.differentPixels
                // The diff picture costs a second pass; only the most different moment pays for it.
                var drawing = settings
                drawing.drawsDiffImage = true
                largestDiff = ImageComparison.compare(expected: expected, actual: actual, settings: drawing).pixels?.diffImage
            }
        }
    }

    /// The moment with the most differing pixels beyond the tolerance.
    var largest: AnimationComparison.Moment? {
        moments.max { $0.pixels.differentPixels < $1.pixels.differentPixels }
    }

    /// What differs, in words (the structure, or the moments beyond the tolerance with their times and the largest),
    /// or nil when the two match.
    var finding: String? {
        if !structureChanges.isEmpty {
            return "it plays otherwise: " + structureChanges.joined(separator: ", ") + " (no picture compared)"
        }
        guard !moments.isEmpty else { return nil }
        let timing = PlaybackTiming(fps: 1, length: 1, frames: 1, loopCount: 0)
        return AnimationComparison(expected: timing, actual: timing, momentCount: momentCount, differingMoments: moments).finding
    }

    private static func reason(_ failure: RlottieAnimation.Failure, of what: String) -> String {
        switch failure {
        case .unavailable(let reason):
            return "rlottie, which plays Lottie snapshots, cannot be opened (\(reason)); install it (Debian: librlottie0-1)"
        case .rejected:
            return "rlottie does not play \(what) (not a Lottie document it reads)"
        }
    }
}
