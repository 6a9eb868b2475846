import PickerKit
import PickerRender

/// What comparing one pair of files holds at its peak, counted against `--memory` (`FolderComparison.memory`):
/// pairs are compared side by side only as many as fit in it together, and a pair of animations or of still pictures
/// that would not fit alone is refused before any picture is decoded.
///
/// The figures are measured peaks a pixel of the canvas (docs/reliability.md, *Memory*), with a margin; they bound
/// the peak to within the measurement, not to the byte.
enum ComparisonMemory {
    /// An APNG read picture by picture: the canvas, the picture shown, the frame decoded and its PNG decoder's rows,
    /// and a copy for dispose op previous.
    static let apngBytesPerPixel = 20
    /// A WebP read picture by picture: libwebpdemux's two canvases and its frame buffer, and the picture shown.
    static let webPBytesPerPixel = 16
    /// A still PNG (or a folder's frame) read: its pixels and the decoder's rows.
    static let stillBytesPerPixel = 10
    /// A diff picture.
    static let diffBytesPerPixel = 4
    /// Writing the diff animation: the APNG encoder's held and previous pictures and its compressor's rows.
    static let diffAnimationBytesPerPixel = 24
    /// Each moment of the strip of diff pictures: its part of the strip, and of the PNG encoder's filtered rows and
    /// compressed output.
    static let stripBytesPerPixel = 16

    /// The bytes comparing the two pictures of `pixels` pixels held by `expected` and `actual` takes, with the diff
    /// animation and a strip of `stripMoments` diff pictures when `drawsDiff`.
    static func animations(_ expected: AnimationReader, _ actual: AnimationReader, drawsDiff: Bool, stripMoments: Int) -> Int {
        animations(
            pixels: expected.width * expected.height, heldBytes: expected.heldBytes + actual.heldBytes,
            bytesPerPixel: expected.bytesPerPixel + actual.bytesPerPixel, drawsDiff: drawsDiff, stripMoments: stripMoments)
    }

    /// The bytes comparing two animations of `pixels` pixels takes, whose readers hold `heldBytes` and
    /// `bytesPerPixel` together; as `animations(_:_:drawsDiff:stripMoments:)`.
    static func animations(pixels: Int, heldBytes: Int, bytesPerPixel: Int, drawsDiff: Bool, stripMoments: Int) -> Int {
        let readers = heldBytes + pixels * bytesPerPixel
        guard drawsDiff else { return readers }
        // The animation is written, then the strip: the larger of the two beside the readers and a diff picture.
        let diff = pixels * max(diffAnimationBytesPerPixel, stripMoments * stripBytesPerPixel)
        return readers + pixels * diffBytesPerPixel + diff
    }

    /// The most moments a strip of diff pictures of `pixels` pixels shows within `budget` beside the readers'
    /// `readerBytes`: `AnimationDiff.stripMoments`, fewer when they would not fit, at least one.
    static func stripMoments(pixels: Int, readerBytes: Int, within budget: MemoryBudget) -> Int {
        let room = budget.bytes - readerBytes - pixels * diffBytesPerPixel
        return max(1, min(AnimationDiff.stripMoments, room / max(1, pixels * stripBytesPerPixel)))
    }

    /// The bytes comparing two still pictures of `pixels` pixels, whose files take `fileBytes` together, takes.
    static func stills(pixels: Int, fileBytes: Int, drawsDiff: Bool) -> Int {
        fileBytes + pixels * (2 * stillBytesPerPixel + (drawsDiff ? 2 * diffBytesPerPixel : 0))
    }
}
