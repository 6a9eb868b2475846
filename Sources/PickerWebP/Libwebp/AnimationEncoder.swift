import CPickerWebP

/// Owns a libwebp `WebPAnimEncoder`: frames go in with their timestamps, the assembled file comes out.
///
/// Not thread-safe; each encode makes its own.
final class AnimationEncoder {
    private let encoder: OpaquePointer
    private var config: WebPConfig

    /// An encoder for a `width` × `height` canvas playing `loopCount` times (0 forever), every frame encoded
    /// with `config` (already validated), trying both disposal methods when `minimizeSize` is true.
    ///
    /// Throws `WebPEncoderError.libwebp` when libwebp cannot set it up (version mismatch or out of memory).
    init(width: Int, height: Int, loopCount: Int32, minimizeSize: Bool, config: WebPConfig) throws(WebPEncoderError) {
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw .libwebp(operation: "set up the animation options", detail: "the library's version does not match its headers")
        }
        options.anim_params.loop_count = loopCount
        // Transparent, which is what libwebp's decoder and browsers start from; viewers that honour the
        // background colour then show the same.
        options.anim_params.bgcolor = 0
        options.minimize_size = minimizeSize ? 1 : 0
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw .libwebp(operation: "create an animation encoder for \(width) × \(height) px", detail: "out of memory")
        }
        self.encoder = encoder
        self.config = config
    }

    deinit {
        WebPAnimEncoderDelete(encoder)
    }

    /// Adds `picture`, shown from `timestamp` ms until the next frame's timestamp.
    ///
    /// Throws `WebPEncoderError.libwebp` with libwebp's message when it fails.
    func add(_ picture: Picture, timestamp: Int) throws(WebPEncoderError) {
        let added = picture.withPointer { WebPAnimEncoderAdd(encoder, $0, Int32(timestamp), &config) }
        guard added != 0 else {
            throw .libwebp(operation: "add a frame at \(timestamp) ms", detail: "\(lastError) (\(picture.errorDescription))")
        }
    }

    /// Ends the last frame at `timestamp` ms and returns the assembled file.
    ///
    /// Throws `WebPEncoderError.libwebp` with libwebp's message when it fails.
    func finish(at timestamp: Int) throws(WebPEncoderError) -> [UInt8] {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0 else {
            throw .libwebp(operation: "end the animation at \(timestamp) ms", detail: lastError)
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw .libwebp(operation: "assemble the WebP file", detail: lastError)
        }
        guard let bytes = data.bytes, data.size > 0 else { throw .libwebp(operation: "assemble the WebP file", detail: "no bytes") }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    private var lastError: String {
        guard let message = WebPAnimEncoderGetError(encoder) else { return "no message" }
        let text = String(cString: message)
        return text.isEmpty ? "no message" : text
    }
}
