import AnimationTestSupport
import PickerKit
import PickerRender
import Testing

/// An APNG read back twice, independently of the encoder: its chunks by `APNGChunkReader` (CRCs, sequence
/// numbers, fcTL fields), its pictures by Pillow (which applies dispose_op and blend_op itself).
struct DecodedAPNG {
    let chunks: APNGChunkReader
    let pillow: PillowAnimation

    init(_ bytes: [UInt8]) throws {
        chunks = try APNGChunkReader(bytes)
        pillow = try PillowAnimation(bytes: bytes, fileExtension: "png")
    }

    /// The pictures Pillow displays, each for its fcTL delay.
    var playback: Playback { Playback(frames: pillow.frames, delays: chunks.frames.map(\.delay)) }

    /// The total of the delays in ticks of `ticksPerSecond`, exactly; nil when a denominator does not divide it.
    func totalTicks(perSecond ticksPerSecond: Int) -> Int? {
        var total = 0
        for frame in chunks.frames {
            guard frame.delayDenominator > 0, ticksPerSecond % frame.delayDenominator == 0 else { return nil }
            total += frame.delayNumerator * (ticksPerSecond / frame.delayDenominator)
        }
        return total
    }
}

/// Checks that the file says what the encoder says it wrote: one fcTL per described frame with its rectangle,
/// delay, dispose and blend; acTL's counts; the frame list matches the plan; the first frame is the whole
/// canvas and is the IDAT image.
func expectFileMatchesDescription(_ encoded: EncodedAPNG, _ decoded: DecodedAPNG, sourceLocation: SourceLocation = #_sourceLocation) {
    let chunks = decoded.chunks
    #expect(chunks.frameCount == encoded.frames.count, sourceLocation: sourceLocation)
    #expect(chunks.frames.count == encoded.frames.count, sourceLocation: sourceLocation)
    #expect(decoded.pillow.frames.count == encoded.frames.count, sourceLocation: sourceLocation)
    #expect(chunks.colorType == (encoded.hasAlpha ? 6 : 2), sourceLocation: sourceLocation)
    #expect(Array(chunks.chunkTypes.prefix(4)) == ["IHDR", "acTL", "fcTL", "IDAT"], sourceLocation: sourceLocation)
    for (written, control) in zip(encoded.frames, chunks.frames) {
        #expect(
            [control.x, control.y, control.width, control.height] == [
                written.rect.x, written.rect.y, written.rect.width, written.rect.height,
            ],
            sourceLocation: sourceLocation)
        #expect(control.delayNumerator == written.delay.numerator, sourceLocation: sourceLocation)
        #expect(control.delayDenominator == written.delay.denominator, sourceLocation: sourceLocation)
        #expect(
            control.dispose == Int(written.dispose.rawValue) && control.blend == Int(written.blend.rawValue), sourceLocation: sourceLocation
        )
    }
    #expect(
        encoded.frames.map { APNGFramePlan.Frame(sourceIndex: $0.sourceIndex, delay: $0.delay) } == encoded.plan.frames,
        sourceLocation: sourceLocation)
    if let first = chunks.frames.first {
        #expect([first.x, first.y, first.width, first.height] == [0, 0, chunks.width, chunks.height], sourceLocation: sourceLocation)
    }
}
