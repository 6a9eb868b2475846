import CPickerFFmpeg
import PickerKit
import PickerSystem

/// FFmpeg's functions, from libavutil, libavcodec, and libavformat opened on first use.
///
/// The libraries are not linked into the program: linked, they (and the codec, TLS and X11 libraries they
/// need) cost every process about 17 ms of start-up, even `pickerreel --version`. The first video opens them
/// with `dlopen` and keeps the handles for the life of the process.
enum FFmpegLibrary {
    /// The table of functions, or why the libraries could not be opened; made once, on first access.
    private static let loaded = FunctionTable<picker_ffmpeg>.load { picker_ffmpeg_load($0, $1, $2) }

    /// The functions; opens the libraries on the first call.
    ///
    /// Throws `VideoEncodingError.librariesUnavailable` when a library or one of its functions is missing.
    static func functions() throws(VideoEncodingError) -> picker_ffmpeg {
        switch loaded {
        case .success(let table): return table.pointer.pointee
        case .failure(let failure): throw .librariesUnavailable(detail: failure.reason)
        }
    }

    /// The loaded table itself, which lives as long as the process (for the log callback); nil when the libraries
    /// cannot be opened.
    static var table: UnsafePointer<picker_ffmpeg>? {
        try? loaded.get().pointer
    }
}
