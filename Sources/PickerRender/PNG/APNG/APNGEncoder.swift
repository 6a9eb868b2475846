import PickerKit

/// Encodes an animation into an animated PNG in memory, with the project's own PNG writer and libdeflate: full
/// colour, alpha kept, no palette or matte.
///
/// Identical consecutive frames become one APNG frame with their summed delay; delays are exact fractions
/// (`APNGFramePlan`), and `APNGEncoderOptions.loopCount` sets acTL's num_plays. Later frames store only the
/// rectangle that changed, blended over the canvas with the unchanged pixels in it transparent (or replacing
/// the rectangle where a changed pixel is translucent; `APNGFrame` records which). The file stores RGBA, which
/// that needs, except for an animation of one opaque picture, stored as RGB; the first frame is also the
/// still image that viewers without APNG show.
///
/// Frames are asked for once each, in order, and only three pictures are held at a time (the frame before, the
/// frame waiting for its delay, and what is on screen), so memory does not grow with the frame count. The same
/// frames and options always give the same bytes; each call owns its libdeflate compressor, so separate calls
/// may run on separate threads.
package struct APNGEncoder: Sendable {
    /// Looping and compression.
    package var options: APNGEncoderOptions

    /// Creates an encoder.
    package init(options: APNGEncoderOptions = APNGEncoderOptions()) {
        self.options = options
    }

    /// Encodes `frameCount` frames sampled at `fps` (frame k at k / fps) into an APNG lasting `duration` seconds.
    ///
    /// `frame(k)` returns frame k, the same picture each time it is asked for; every frame must have the first
    /// frame's size.
    ///
    /// Throws `APNGEncodingError` for invalid options or timing, frames of differing sizes or malformed pixel
    /// buffers, and libdeflate failures; rethrows whatever `frame` throws.
    package func encode(frameCount: Int, fps: Double, duration: Double, frame: (Int) throws -> RGBAImage) throws -> EncodedAPNG {
        try options.validate()
        let clock = try APNGFramePlan.clock(frameCount: frameCount, fps: fps, duration: duration)
        let end = clock.ticks(duration)
        var writer = APNGFrameWriter(compressor: try ZlibCompressor(level: options.compression.level), filter: options.compression.filter)
        var scheduler = FrameScheduler(end: end, minimumDelay: clock.minimumDelay)
        var previous: RGBAImage?
        var repeatsPrevious: [Bool] = []
        repeatsPrevious.reserveCapacity(frameCount)
        var held: APNGFrameWriter.Held?
        for index in 0..<frameCount {
            let picture = try frame(index)
            try Self.check(picture, index: index, first: previous)
            let repeats = previous.map { FrameChange.rect(from: $0, to: picture).isEmpty } ?? false
            repeatsPrevious.append(repeats)
            if let segment = scheduler.add(index: index, start: clock.start(ofFrame: index), repeatsPrevious: repeats) {
                if let held { try writer.write(held, until: segment.start, clock: clock, isOnlyPicture: false) }
                held = APNGFrameWriter.Held(start: segment.start, sourceIndex: segment.sourceIndex, picture: picture)
            }
            previous = picture
        }
        guard var last = held, let finalPicture = previous else { throw APNGEncodingError.invalidTiming("there are no frames") }
        switch scheduler.finish() {
        case .nothing:
            break
        case .append(let segment):
            try writer.write(last, until: segment.start, clock: clock, isOnlyPicture: false)
            last = APNGFrameWriter.Held(start: segment.start, sourceIndex: segment.sourceIndex, picture: finalPicture)
        case .replaceLast(let sourceIndex):
            last = APNGFrameWriter.Held(start: last.start, sourceIndex: sourceIndex, picture: finalPicture)
        }
        try writer.write(last, until: end, clock: clock, isOnlyPicture: writer.frames.isEmpty)
        let plan = try APNGFramePlan(frameCount: frameCount, fps: fps, duration: duration, repeatsPrevious: repeatsPrevious)
        let hasAlpha = writer.channels == 4
        let bytes = writer.chunks.file(width: finalPicture.width, height: finalPicture.height, hasAlpha: hasAlpha, plays: options.plays)
        return EncodedAPNG(bytes: bytes, plan: plan, frames: writer.frames, hasAlpha: hasAlpha)
    }

    /// Throws `APNGEncodingError` when `picture` (frame `index`) has another size than the frame before it.
    private static func check(_ picture: RGBAImage, index: Int, first previous: RGBAImage?) throws(APNGEncodingError) {
        guard let previous else { return }
        do { try picture.check(frame: index, width: previous.width, height: previous.height) } catch { throw .frameSize(error) }
    }
}
