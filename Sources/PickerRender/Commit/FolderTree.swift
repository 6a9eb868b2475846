import FoundationEssentials
import Glibc
import PickerKit
import PickerSystem

/// The plain file-system calls the output folder is made of: checked renames, folders made and removed.
extension OutputFolder {
    /// Renames `source` to `target`; throws `RenderError.file` naming the target and the system's reason.
    static func rename(_ source: URL, _ target: URL) throws(RenderError) {
        guard POSIXCall.rename(source.path, target.path) == 0 else {
            throw RenderError.file(path: target.path, reason: "cannot move the file into place (\(String(cString: strerror(errno))))")
        }
    }

    /// The file type bits of whatever is at `path` (a link itself, not its target), or nil when nothing is there.
    static func kind(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// Makes the folders `name` lies in inside `root` (which exists); returns the reason when one cannot be made.
    static func makeFolders(for name: String, inside root: URL) -> String? {
        for folder in folders(of: name) where mkdir(root.appendingPathComponent(folder).path, 0o777) != 0 && errno != EEXIST {
            return String(cString: strerror(errno))
        }
        return nil
    }

    static func isSymbolicLink(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    static func makeFolder(_ url: URL) throws(RenderError) {
        guard mkdir(url.path, 0o777) == 0 || errno == EEXIST else {
            throw RenderError.file(
                path: url.deletingLastPathComponent().path, reason: "cannot write in this folder (\(String(cString: strerror(errno))))")
        }
    }

    /// Creates `folder` and its missing parents; returns those created, outermost first.
    static func createFolders(upTo folder: URL) throws(RenderError) -> [URL] {
        var missing: [URL] = []
        var cursor = folder
        while !FileManager.default.fileExists(atPath: cursor.path) && cursor.path != "/" {
            missing.insert(cursor, at: 0)
            cursor = cursor.deletingLastPathComponent()
        }
        var created: [URL] = []
        for url in missing {
            if mkdir(url.path, 0o777) == 0 {
                created.append(url)
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                removeEmpty(created)
                throw RenderError.file(path: url.path, reason: "cannot create the folder (\(reason))")
            }
        }
        return created
    }

    /// Removes `folders` (innermost first) where they are empty; rmdir fails on anything else.
    static func removeEmpty(_ folders: [URL]) {
        for folder in folders.reversed() { _ = rmdir(folder.path) }
    }

    /// Removes the folders inside `root` that the `removed` files (relative paths) have left empty, innermost first.
    ///
    /// Each is reached one name at a time beneath `root`'s descriptor and removed with `unlinkat(AT_REMOVEDIR)`, which
    /// removes only an empty folder and never follows a link: a link on the way, or a folder that is not empty, ends
    /// that file's walk up.
    package static func removeEmptiedFolders(_ removed: [String], in root: String) {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        for relative in removed {
            for folder in folders(of: relative).reversed() {
                var made: [String] = []
                guard let parent = try? BeneathFolder.openParent(of: folder, in: descriptor, creating: false, made: &made) else { break }
                let removedFolder = unlinkat(parent, BeneathFolder.leaf(of: folder), AT_REMOVEDIR) == 0
                close(parent)
                if !removedFolder { break }
            }
        }
    }

    static func removeTree(_ url: URL) {
        removeTree(atPath: url.path)
    }

    /// Removes the file, link or folder at `path` with everything inside; what cannot be removed stays.
    ///
    /// Beneath the folder that holds it, through descriptors (`BeneathFolder.removeTree`): a link is removed as a
    /// link, never descended, wherever it is in the tree. Plain `unlinkat` calls: the file manager's removal cost a
    /// render of 102 frames more than half a millisecond for folders holding only a manifest.
    static func removeTree(atPath path: String) {
        guard let slash = path.lastIndex(of: "/") else {
            BeneathFolder.removeTree(path, in: AT_FDCWD)
            return
        }
        let parentPath = slash == path.startIndex ? "/" : String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        guard !name.isEmpty, name != ".", name != ".." else { return }
        let parent = open(parentPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return }
        defer { close(parent) }
        BeneathFolder.removeTree(name, in: parent)
    }
}
