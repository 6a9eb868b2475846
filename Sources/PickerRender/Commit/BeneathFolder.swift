import FoundationEssentials
import Glibc
import PickerKit
import PickerSystem

/// File-system calls beneath a folder held open, one name at a time, never following a symbolic link: what a
/// switch does inside its destination (open, list, rename, make and remove), so that a link a pull request commits
/// (a backup folder, a folder of goldens, a file) cannot lead it outside.
///
/// Every call takes a folder's descriptor and a name or relative path inside it; a relative path is walked with
/// `openat(O_NOFOLLOW | O_DIRECTORY)` folder by folder, so a link anywhere on it stops the walk.
enum BeneathFolder {
    /// The most folders deep a relative path or a removal goes: deeper trees are left as they are.
    static let maximumDepth = 128

    /// What stopped a walk: the relative path of the entry and what it is.
    struct Obstacle: Error, Equatable {
        /// The entry's path relative to the folder walked from.
        var path: String
        /// What the entry is, in words: "a link", "not a folder", or the system's reason.
        var what: String
        /// True when the entry is missing.
        var missing = false
    }

    /// The file type bits of the entry `name` (a name or relative path) inside `folder`, not following a link at the
    /// end, or nil when nothing is there.
    static func kind(_ name: String, in folder: Int32) -> mode_t? {
        var status = stat()
        return fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// The kind of entry in words, for messages: "a link", "a folder", "a FIFO", ….
    static func words(for kind: mode_t) -> String {
        switch kind {
        case S_IFLNK: "a link"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFREG: "a plain file"
        default: "not a plain file"
        }
    }

    /// Opens the folder `name` (one name) inside `folder`, not following a link; -1 with errno set when it cannot.
    static func openFolder(_ name: String, in folder: Int32) -> Int32 {
        openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    /// Opens the folder that holds the relative path `name` inside `root` (a duplicate of `root` for a bare name),
    /// walking one folder at a time; with `creating`, makes the folders that are missing and appends their relative
    /// paths (outermost first) to `made`.
    ///
    /// Throws an `Obstacle` at the first folder on the path that is a link, is not a folder, is missing (without
    /// `creating`), or cannot be opened or made.
    static func openParent(of name: String, in root: Int32, creating: Bool, made: inout [String]) throws(Obstacle) -> Int32 {
        let components = name.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        guard components.count <= maximumDepth else { throw Obstacle(path: name, what: "more than \(maximumDepth) folders deep") }
        var current = dup(root)
        guard current >= 0 else { throw Obstacle(path: ".", what: String(cString: strerror(errno))) }
        var prefix = ""
        for component in components {
            prefix += prefix.isEmpty ? component : "/" + component
            if creating, mkdirat(current, component, 0o777) == 0 { made.append(prefix) }
            let next = openFolder(component, in: current)
            let failure = errno
            if next < 0 {
                let kind = Self.kind(component, in: current)
                close(current)
                switch kind {
                case S_IFLNK?: throw Obstacle(path: prefix, what: "a link")
                case .some(let other) where other != S_IFDIR: throw Obstacle(path: prefix, what: "not a folder")
                default: throw Obstacle(path: prefix, what: String(cString: strerror(failure)), missing: failure == ENOENT)
                }
            }
            close(current)
            current = next
        }
        return current
    }

    /// The last component of a relative path: the name inside the folder `openParent` opens.
    static func leaf(of name: String) -> String {
        name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
    }

    /// The names in `folder` (not `.` and `..`), read through a duplicate of its descriptor.
    static func names(in folder: Int32) -> [String] {
        let descriptor = dup(folder)
        guard descriptor >= 0 else { return [] }
        guard let directory = fdopendir(descriptor) else {
            close(descriptor)
            return []
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            // Read in place, up to its end: `d_name` as a value is 256 bytes, more than an entry at the end of the
            // directory buffer has (AddressSanitizer's heap-buffer-overflow; OutputFolderRemovalTests).
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: entryNameOffset).assumingMemoryBound(to: CChar.self))
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Where a directory entry's name starts in its `dirent`.
    private static let entryNameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19

    /// Removes the entry `name` (one name) inside `folder` with everything inside it.
    ///
    /// A link is removed as a link, never followed. What cannot be removed stays, as does anything more than
    /// `maximumDepth` folders down.
    static func removeTree(_ name: String, in folder: Int32, depth: Int = 0) {
        guard unlinkat(folder, name, 0) != 0, errno == EISDIR || errno == EPERM else { return }
        if depth < maximumDepth {
            let inner = openFolder(name, in: folder)
            if inner >= 0 {
                for entry in names(in: inner) { removeTree(entry, in: inner, depth: depth + 1) }
                close(inner)
            }
        }
        _ = unlinkat(folder, name, AT_REMOVEDIR)
    }
}
