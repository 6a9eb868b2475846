import FoundationEssentials
import PickerKit
import PickerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    static func removeTree(_ url: URL) {
        removeTree(atPath: url.path)
    }

    /// Where a directory entry's name starts in its `dirent`.
    private static let entryNameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19

    /// Removes the file, link or folder at `path` with everything inside; what cannot be removed stays.
    ///
    /// Plain `unlink`, `unlinkat` and `rmdir` calls: the file manager's removal cost a render of 102 frames
    /// more than half a millisecond for folders holding only a manifest.
    static func removeTree(atPath path: String) {
        guard unlink(path) != 0, errno == EISDIR else { return }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor >= 0, let folder = fdopendir(descriptor) {
            var folders: [String] = []
            while let entry = readdir(folder) {
                // Read in place, up to its end: `d_name` as a value is 256 bytes, more than an entry at the end of
                // the directory buffer has (AddressSanitizer's heap-buffer-overflow; OutputFolderRemovalTests).
                let name = String(cString: UnsafeRawPointer(entry).advanced(by: Self.entryNameOffset).assumingMemoryBound(to: CChar.self))
                guard name != ".", name != ".." else { continue }
                if unlinkat(descriptor, name, 0) != 0, errno == EISDIR { folders.append(name) }
            }
            closedir(folder)
            for name in folders { removeTree(atPath: path + "/" + name) }
        } else if descriptor >= 0 {
            close(descriptor)
        }
        rmdir(path)
    }
}
