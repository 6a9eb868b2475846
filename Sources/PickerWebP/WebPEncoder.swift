import PickerKit

/// Encodes an animation into an animated WebP in memory with libwebp's `WebPAnimEncoder`: lossless by default
/// (crisp text), lossy on request, alpha kept.
///
/// Identical consecutive frames become one WebP frame with their summed duration, and timestamps are the
/// frames' times rounded to the millisecond (`WebPFramePlan`); libwebp stores each frame as the rectangle that
/// changed, choosing blending and disposal itself. `WebPEncoderOptions.loopCount` sets the loop count.
///
/// Frames are asked for once each, in order, and only two pictures are held at a time (the frame before and
/// the one waiting to be added). The same frames and options always give the same bytes; each call owns its
/// libwebp objects, so separate calls may run on separate threads.
package struct WebPEncoder: Sendable {
    /// Looping, quality, method and whether to minimise size.
    package var options: WebPEncoderOptions

    /// Creates an encoder.
    package init(options: WebPEncoderOptions = WebPEncoderOptions()) {
        self.options = options
    }

    /// The widest or tallest picture a WebP holds.
    package static let maximumSide = 16_383

    /// Encodes `frameCount` frames sampled at `fps` (frame k at k / fps) into a WebP lasting `duration` seconds.
    ///
    /// `frame(k)` returns frame k, the same picture each time it is asked for; every frame must have the first
    /// frame's size.
    ///
    /// Throws `WebPEncoderError` for invalid options or timing, frames of differing sizes, malformed pixel
    /// buffers or a canvas over 16,383 px a side, and libwebp failures; rethrows whatever `frame` throws.
    package func encode(frameCount: Int, fps: Double, duration: Double, frame: (Int) throws -> RGBAImage) throws -> EncodedWebP {
        try options.validate()
        try WebPFramePlan.checkTiming(frameCount: frameCount, fps: fps, duration: duration)
        let config = try options.config()
        let end = WebPFramePlan.milliseconds(duration)
        let picture = try Picture()
        var encoder: AnimationEncoder?
        var scheduler = FrameScheduler(end: end, minimumDelay: WebPFramePlan.minimumFrameDuration)
        var previous: RGBAImage?
        var repeatsPrevious: [Bool] = []
        repeatsPrevious.reserveCapacity(frameCount)
        // The segment waiting for the next one (the end may give it the last picture instead).
        var held: (start: Int, picture: RGBAImage)?

        /// Adds the held picture for as many frames as its duration up to `until` needs.
        func add(_ held: (start: Int, picture: RGBAImage), until: Int, to encoder: AnimationEncoder) throws {
            try picture.load(held.picture)
            var start = held.start
            for piece in WebPFramePlan.pieces(until - held.start) {
                try encoder.add(picture, timestamp: start)
                start += piece
            }
        }

        for index in 0..<frameCount {
            let image = try frame(index)
            try Self.check(image, index: index, first: previous)
            let repeats = previous.map { FrameChange.rect(from: $0, to: image).isEmpty } ?? false
            repeatsPrevious.append(repeats)
            if encoder == nil {
                encoder = try AnimationEncoder(
                    width: image.width, height: image.height, loopCount: options.loopCountField, minimizeSize: options.minimizeSize,
                    config: config)
            }
            if let segment = scheduler.add(index: index, start: WebPFramePlan.start(ofFrame: index, fps: fps), repeatsPrevious: repeats) {
                if let held, let encoder { try add(held, until: segment.start, to: encoder) }
                held = (segment.start, image)
            }
            previous = image
        }
        guard let encoder, var last = held, let finalPicture = previous else { throw WebPEncoderError.invalidTiming("there are no frames") }
        switch scheduler.finish() {
        case .nothing:
            break
        case .append(let segment):
            try add(last, until: segment.start, to: encoder)
            last = (segment.start, finalPicture)
        case .replaceLast:
            last = (last.start, finalPicture)
        }
        try add(last, until: end, to: encoder)
        let bytes = try encoder.finish(at: end)
        let plan = try WebPFramePlan(frameCount: frameCount, fps: fps, duration: duration, repeatsPrevious: repeatsPrevious)
        return EncodedWebP(bytes: bytes, plan: plan)
    }

    /// Throws `WebPEncoderError` when `image` (frame `index`) has another size than the frame before it, or a
    /// side over 16,383 px.
    private static func check(_ image: RGBAImage, index: Int, first previous: RGBAImage?) throws(WebPEncoderError) {
        if let previous {
            do { try image.check(frame: index, width: previous.width, height: previous.height) } catch { throw .frameSize(error) }
        }
        guard image.width <= maximumSide, image.height <= maximumSide else { throw .tooLarge(width: image.width, height: image.height) }
    }
}
