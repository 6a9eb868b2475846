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

    /// `name` inside `folder`: `folder`, a slash unless it ends with one, and `name`; `name` alone when `folder` is
    /// empty.
    package static func join(_ folder: String, _ name: String) -> String {
        guard !folder.isEmpty else { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The last part of `path` (after its last slash, trailing slashes ignored): `"b.png"` for `"a/b.png"`.
    package static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
