import CPickerFFmpeg
import PickerKit

/// Encodes an animation into an MP4 (H.264 through libx264) or a WebM (VP9 through libvpx) in memory, with
/// libavcodec and libavformat in this process: no ffmpeg executable, no temporary file.
///
/// The video has a constant frame rate: frame k of the timeline is shown from k / fps for 1 / fps, so N frames
/// play for N / fps (T + 1 / fps for a timeline of T seconds whose T · fps is whole; the last, settled frame
/// also lasts one frame). A fractional rate is kept as an exact fraction (`VideoFrameRate`). Odd sizes get one
/// more column or row on the right or at the bottom, a copy of the last (the background, or the matte where it is
/// clear); pictures are never scaled. Translucent pixels are blended over the matte, except with `.yuva420`
/// WebM, which keeps alpha. YUV colours are BT.709, limited range,
/// and tagged so; `.rgb` WebM keeps sRGB values as they are, tagged full-range RGB.
///
/// In a WebM, a frame whose picture has been held for three frames already is a one-byte VP9 frame that shows
/// that picture again, not a new encoding of it (`HeldFrames`): libvpx only encodes what changes, so the file is
/// smaller and made faster, and the frame on screen is exactly the one before.
///
/// MP4s are written with `+faststart`: the index comes before the media data, so a browser starts playing
/// while the file loads. libavformat writes that second pass by reading its output back, which this encoder
/// serves from memory through `io_open`.
///
/// The same frames and options give the same bytes run to run on one machine: the muxer and encoders run with
/// FFmpeg's bit-exact flags and a fixed thread count (`VideoEncoderOptions.threadCount`). Each call owns its
/// FFmpeg objects, so separate calls may run on separate threads. FFmpeg's log lines for those objects are
/// kept off standard error (errors become part of the thrown error); the first call installs a process-wide
/// `av_log` callback that passes every other context's lines to FFmpeg's default logger.
package struct VideoEncoder: Sendable {
    /// Format, chroma, matte, quality and threads.
    package var options: VideoEncoderOptions

    /// Creates an encoder.
    package init(options: VideoEncoderOptions = VideoEncoderOptions()) {
        self.options = options
    }

    /// Encodes `frameCount` frames at a constant `fps` (frame k at k / fps) into a video of frameCount / fps
    /// seconds.
    ///
    /// `frame(k)` is asked for each frame once, in order; every frame must have the first frame's size.
    ///
    /// Throws `VideoEncodingError` for invalid options, a frame count under 1, a frame rate that is not finite
    /// and positive, frames of differing sizes or over 16,384 px a side, and any FFmpeg failure (with
    /// `av_strerror`'s text and the encoder's logged reason); rethrows whatever `frame` throws.
    package func encode(frameCount: Int, fps: Double, frame: (Int) throws -> RGBAImage) throws -> EncodedVideo {
        try options.validate()
        guard frameCount >= 1 else { throw VideoEncodingError.invalidTiming("a video needs at least one frame, not \(frameCount)") }
        guard frameCount <= Int(Int32.max) else { throw VideoEncodingError.invalidTiming("\(frameCount) frames are too many") }
        guard let frameRate = VideoFrameRate(fps: fps) else {
            throw VideoEncodingError.invalidTiming("\(fps) fps is not a positive frame rate that a fraction n/d (d ≤ 1,000,000) can hold")
        }
        let first = try frame(0)
        var canvas = try FrameCanvas(width: first.width, height: first.height, matte: options.matte, keepsAlpha: options.chroma.hasAlpha)
        try canvas.load(first, index: 0)

        let log = FFmpegLogCapture()
        let encoder = try makeEncoder(width: canvas.paddedWidth, height: canvas.paddedHeight, frameRate: frameRate, log: log)
        let container = try OutputContainer(format: options.format, log: log)
        if options.format == .mp4 {
            try container.setOption("movflags", "+faststart")
            // The movie header and the edit list count in this timescale (1000 by default, which rounds a
            // 1/30 s frame); a multiple of the frame rate's numerator makes every duration exact.
            try container.setOption(
                "movie_timescale", String(frameRate.numerator * max(1, (600 + frameRate.numerator - 1) / frameRate.numerator)))
        }
        let stream = try container.addStream(
            from: encoder, frameRate: AVRational(num: Int32(frameRate.numerator), den: Int32(frameRate.denominator)))
        try container.writeHeader()

        let converter = ColorConversion(width: canvas.paddedWidth, height: canvas.paddedHeight, chroma: options.chroma)
        let picture = try CodecFrame(width: canvas.paddedWidth, height: canvas.paddedHeight, format: options.chroma.pixelFormat)
        let packet = try Packet()
        let codecTimeBase = encoder.pointer.pointee.time_base
        // WebM: later copies of a held picture are written as one-byte frames that show it again.
        var held = options.format == .webm ? HeldFrames(keepsAlpha: options.chroma.hasAlpha) : nil

        func write(_ packet: Packet) throws {
            if packet.pointer.pointee.duration == 0 { packet.pointer.pointee.duration = 1 }
            encoder.av.av_packet_rescale_ts(packet.pointer, codecTimeBase, stream.pointee.time_base)
            packet.pointer.pointee.stream_index = stream.pointee.index
            try container.write(packet)
        }
        func drain() throws {
            while try encoder.receive(into: packet) {
                // libvpx's packets have dts equal to pts: one picture each, in order.
                if let index = try held?.received(pts: packet.pointer.pointee.pts, frame: packet.bytes, alpha: packet.alphaFrame) {
                    packet.pointer.pointee.pts = index
                    packet.pointer.pointee.dts = index
                }
                try write(packet)
            }
        }

        for index in 0..<frameCount {
            let image = index == 0 ? first : try frame(index)
            try canvas.check(image, index: index)
            if let repeated = held?.repeatFrame(for: image) {
                try packet.fill(with: repeated.frame.bytes, alpha: repeated.alpha?.bytes)
                packet.pointer.pointee.pts = Int64(index)
                packet.pointer.pointee.dts = Int64(index)
                try write(packet)
                continue
            }
            if index > 0 { try canvas.load(image, index: index) }
            try picture.makeWritable()
            canvas.pixels.withUnsafeBufferPointer { pixels in
                guard let base = pixels.baseAddress else { return }
                converter.convert(base, into: picture)
            }
            picture.pointer.pointee.pts = held?.encoding(image, index: index) ?? Int64(index)
            try encoder.send(picture)
            try drain()
        }
        try encoder.send(nil)
        try drain()
        let bytes = try container.finish()
        return EncodedVideo(
            bytes: bytes, format: options.format, chroma: options.chroma, width: canvas.paddedWidth, height: canvas.paddedHeight,
            sourceWidth: canvas.width, sourceHeight: canvas.height, frameCount: frameCount, frameRate: frameRate, warnings: log.warnings)
    }

    /// The encoder, configured and opened: size, pixel format, time base of one tick per frame, BT.709 tags,
    /// bit-exact flags, the fixed thread count, and the format's constant-quality settings.
    private func makeEncoder(width: Int, height: Int, frameRate: VideoFrameRate, log: FFmpegLogCapture) throws -> EncoderContext {
        let encoder = try EncoderContext(encoderNamed: options.format.encoderName, log: log)
        let context = encoder.pointer
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = options.chroma.pixelFormat
        context.pointee.time_base = AVRational(num: Int32(frameRate.denominator), den: Int32(frameRate.numerator))
        context.pointee.framerate = AVRational(num: Int32(frameRate.numerator), den: Int32(frameRate.denominator))
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        context.pointee.color_primaries = AVCOL_PRI_BT709
        if options.chroma.isYUV {
            context.pointee.color_trc = AVCOL_TRC_BT709
            context.pointee.colorspace = AVCOL_SPC_BT709
            context.pointee.color_range = AVCOL_RANGE_MPEG
        } else {
            context.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
            context.pointee.colorspace = AVCOL_SPC_RGB
            context.pointee.color_range = AVCOL_RANGE_JPEG
        }
        context.pointee.thread_count = Int32(options.threadCount)
        // Both muxers keep the codec's setup (SPS/PPS, VP9's codec private data) in the header.
        context.pointee.flags |= AV_CODEC_FLAG_BITEXACT | AV_CODEC_FLAG_GLOBAL_HEADER
        try encoder.setOption("crf", String(options.effectiveCRF))
        switch options.format {
        case .mp4:
            // ffmpeg's preset and CRF, with the prediction and deblocking of x264's `animation` tuning (made for
            // flat colours and sharp edges): twice the medium preset's 3 reference frames and 2 more B-frames,
            // since a picker's frames hold still and come back to earlier pictures, and a deblocking filter of
            // 1:1. Not the tuning's lower psy-rd and AQ strength, which spent 4 to 9 % more bytes on the three
            // benchmark specs (docs/performance.md).
            try encoder.setOption("preset", "medium")
            try encoder.setOption("deblock", "1:1")
            context.pointee.refs = 6
            context.pointee.max_b_frames = 5
            // Deterministic bytes in one process: see X264Assembly.
            if let assembly = X264Assembly.withoutAVX512(encoder.av) { try encoder.setOption("x264-params", "asm=" + assembly) }
        case .webm:
            // Constant quality, as `-crf 30 -b:v 0`: no target bitrate.
            context.pointee.bit_rate = 0
            try encoder.setOption("row-mt", options.threadCount > 1 ? "1" : "0")
            // No look-ahead: in constant-quality mode libvpx makes the same bytes without it, and each packet then
            // comes out as its picture goes in, which held frames need (HeldFrames).
            try encoder.setOption("lag-in-frames", "0")
            // Probabilities that adapt from frame to frame (libvpx's default is to reset them, for decoders that
            // decode frames in parallel): 2-5 % fewer bytes at the same quality on the benchmark specs.
            try encoder.setOption("frame-parallel", "0")
            // libvpx's speed 2 rather than ffmpeg's 1: faster, a few per cent more bytes, which held frames and
            // adapting probabilities more than make up (docs/performance.md).
            try encoder.setOption("cpu-used", "2")
        }
        try encoder.open()
        return encoder
    }
}
