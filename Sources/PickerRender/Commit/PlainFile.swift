import FoundationEssentials
import Glibc
import PickerKit
import PickerSystem

/// Writes a file with plain POSIX calls: no temporary file, no rename, no fsync.
///
/// For files inside a staging folder, which only becomes visible by one rename once the render is complete:
/// `Data.write(to:)` on Linux writes a temporary file, fsyncs it and renames it, which costs more than
/// encoding a frame and buys nothing there.
enum PlainFile {
    /// Creates or replaces the file at `path` (mode 0666 less the umask, as `Data.write` does) with `bytes`.
    ///
    /// Returns the reason when the file cannot be opened or fully written (a full disk, a missing folder).
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = POSIXCall.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil {
            failure = String(cString: strerror(errno))
        }
        return failure
    }
}
