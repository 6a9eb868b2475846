import CPickerFFmpeg
import FoundationEssentials
import PickerKit
import Synchronization

/// FFmpeg's log, kept off standard error for the contexts this module owns.
///
/// libx264 and libvpx report through `av_log`, which prints to standard error by default: option summaries,
/// statistics and the reason an open failed. The first encoder installs one process-wide callback: lines from a
/// context registered here are kept (errors and warnings) for the typed error, and lines from any other
/// context go to FFmpeg's default logger as before.
final class FFmpegLog: Sendable {
    static let shared = FFmpegLog()

    /// The captures by their context's address (only a key, never dereferenced).
    private let captures = Mutex<[UInt: FFmpegLogCapture]>([:])

    /// Installs the callback once FFmpeg's libraries are open (every caller has opened them: it holds a context).
    private init() {
        if let table = FFmpegLibrary.table { picker_log_install(FFmpegLog.sink, table) }
    }

    /// Sends the log lines of the context at `pointer` to `capture` until `stopCapturing` is called.
    func capture(_ pointer: UnsafeMutableRawPointer, into capture: FFmpegLogCapture) {
        captures.withLock { $0[UInt(bitPattern: pointer)] = capture }
    }

    /// Stops capturing the context at `pointer`, which is about to be freed.
    func stopCapturing(_ pointer: UnsafeMutableRawPointer) {
        _ = captures.withLock { $0.removeValue(forKey: UInt(bitPattern: pointer)) }
    }

    private func capture(for pointer: UnsafeMutableRawPointer) -> FFmpegLogCapture? {
        captures.withLock { $0[UInt(bitPattern: pointer)] }
    }

    /// Called by the C callback: takes the line (or, with nil, only claims it) when the context is captured.
    private static let sink: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Int32 = { context, level, line in
        guard let context, let capture = FFmpegLog.shared.capture(for: context) else { return 0 }
        if let line, level >= 0, level <= AV_LOG_WARNING {
            capture.append(String(cString: line).trimmingWhitespace(newlines: true), isError: level <= AV_LOG_ERROR)
        }
        return 1
    }
}

/// The error and warning lines FFmpeg logged for one encode's contexts.
final class FFmpegLogCapture: Sendable {
    /// Error and warning lines: libx264 logs from its worker threads, so every access holds the mutex.
    private let lines = Mutex<(errors: [String], warnings: [String])>(([], []))

    /// Keeps `line`: errors for the next typed error (the last 8), warnings for the result (the first 32).
    func append(_ line: String, isError: Bool) {
        guard !line.isEmpty else { return }
        lines.withLock { lines in
            if isError {
                lines.errors.append(line)
                if lines.errors.count > 8 { lines.errors.removeFirst() }
            } else if lines.warnings.count < 32 {
                lines.warnings.append(line)
            }
        }
    }

    /// The warnings logged so far, oldest first.
    var warnings: [String] { lines.withLock { $0.warnings } }

    /// The error lines logged since the last call, oldest first.
    func takeErrors() -> [String] {
        lines.withLock { lines in
            defer { lines.errors.removeAll() }
            return lines.errors
        }
    }
}
