import CPickerFFmpeg

/// FFmpeg's functions, from libavutil, libavcodec, libavformat and libswscale opened on first use.
///
/// The libraries are not linked into the program: linked, they (and the codec, TLS and X11 libraries they
/// need) cost every process about 17 ms of start-up, even `pickerreel --version`. The first video opens them
/// with `dlopen` and keeps the handles for the life of the process.
enum FFmpegLibrary {
    /// The table of functions, or why the libraries could not be opened; made once, on first access.
    private static let loaded: Result<FFmpegFunctions, VideoEncodingError> = {
        let table = UnsafeMutablePointer<picker_ffmpeg>.allocate(capacity: 1)
        var message = [CChar](repeating: 0, count: 512)
        guard picker_ffmpeg_load(table, &message, message.count) == 0 else {
            table.deallocate()
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.librariesUnavailable(detail: reason))
        }
        return .success(FFmpegFunctions(table: UnsafePointer(table)))
    }()

    /// The functions; opens the libraries on the first call.
    ///
    /// Throws `VideoEncodingError.librariesUnavailable` when a library or one of its functions is missing.
    static func functions() throws(VideoEncodingError) -> picker_ffmpeg {
        try loaded.get().table.pointee
    }

    /// The loaded table itself, which lives as long as the process (for the log callback); nil when the libraries
    /// cannot be opened.
    static var table: UnsafePointer<picker_ffmpeg>? {
        try? loaded.get().table
    }
}

/// The table `picker_ffmpeg_load` filled, allocated once and never freed.
struct FFmpegFunctions: @unchecked Sendable {
    // @unchecked: the table is written once, before it is shared, and only read after.
    let table: UnsafePointer<picker_ffmpeg>
}
