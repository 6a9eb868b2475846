import FoundationEssentials
import Glibc

/// What is at a path, found with `stat` without opening it, so a FIFO or a device is never read by mistake
/// (opening a FIFO for reading blocks until a writer comes).
package enum FileKind: Equatable, Sendable {
    /// A regular file of this many bytes.
    case regularFile(bytes: Int)
    /// A folder.
    case folder
    /// A FIFO (named pipe) or an anonymous pipe, such as `<(…)` or `/dev/stdin` from a pipe.
    case pipe
    /// A character or block device, such as `/dev/zero`.
    case device
    /// A socket or anything else that is not a file.
    case other
    /// Nothing there (or a symbolic link to nothing); `reason` is the system's.
    case missing(reason: String)

    /// What `path` is, following symbolic links.
    package static func of(_ path: String) -> FileKind {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return .missing(reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile(bytes: Int(status.st_size))
        case S_IFDIR: return .folder
        case S_IFIFO: return .pipe
        case S_IFCHR, S_IFBLK: return .device
        default: return .other
        }
    }

    /// Why a file of this kind is not read as a picture, as the end of a sentence; nil for a regular file.
    package var refusal: String? {
        switch self {
        case .regularFile: return nil
        case .folder: return "it is a folder, not a PNG file"
        case .pipe: return "it is a pipe or FIFO, not a regular file; save the picture to a file first"
        case .device: return "it is a device, not a regular file"
        case .other: return "it is not a regular file"
        case .missing(let reason): return "cannot read it (\(reason))"
        }
    }
}
