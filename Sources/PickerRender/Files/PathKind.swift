import Glibc

/// What is at a path, found with `stat` (links followed) without opening it: how `compare` tells trees from files.
package enum PathKind: Equatable {
    case folder
    case regularFile
    /// Nothing there, or a link to nothing.
    case missing
    /// A pipe, a device, a socket.
    case other

    /// What `path` is.
    package static func of(_ path: String) -> PathKind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .regularFile
        default: return .other
        }
    }
}
