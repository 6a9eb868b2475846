import Glibc

/// What a few files look like on disk (device, inode, size, modification and change times; or missing), so two
/// looks can tell whether any was saved, replaced by a rename, created or deleted in between.
struct FileFingerprint: Equatable, Sendable {
    private var entries: [[Int]]

    /// Looks at `paths` now.
    init(_ paths: [String]) {
        entries = paths.map { path in
            var status = stat()
            guard stat(path, &status) == 0 else { return [-1, Int(errno)] }
            return [
                Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(status.st_mtim.tv_sec),
                Int(status.st_mtim.tv_nsec), Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec),
            ]
        }
    }

    /// The look at `first`'s files followed by `second`'s.
    static func + (first: FileFingerprint, second: FileFingerprint) -> FileFingerprint {
        var joined = first
        joined.entries += second.entries
        return joined
    }
}
