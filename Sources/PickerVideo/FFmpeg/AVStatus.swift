import CPickerFFmpeg

/// FFmpeg's return codes: a negative `AVERROR` is a failure, described by `av_strerror`.
enum AVStatus {
    /// `av_strerror`'s text for `code`.
    static func text(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard let av = FFmpegLibrary.table?.pointee, av.av_strerror(code, &buffer, buffer.count) == 0 else { return "unknown FFmpeg error" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The error for `code` returned by `operation`, with the errors `log` caught while it ran.
    static func error(_ code: Int32, _ operation: String, log: FFmpegLogCapture?) -> VideoEncodingError {
        var detail = text(code)
        if let lines = log?.takeErrors(), !lines.isEmpty { detail += " — " + lines.joined(separator: "; ") }
        return .ffmpeg(operation: operation, code: code, detail: detail)
    }

    /// Returns `status` when it is not negative; throws `VideoEncodingError.ffmpeg` otherwise.
    @discardableResult
    static func check(_ status: Int32, _ operation: String, log: FFmpegLogCapture?) throws(VideoEncodingError) -> Int32 {
        guard status < 0 else { return status }
        throw error(status, operation, log: log)
    }

    static let endOfFile = picker_averror_eof()
    static let tryAgain = picker_averror_eagain()
    static let outOfMemory = picker_averror_enomem()
    static let invalidArgument = picker_averror_einval()
}
