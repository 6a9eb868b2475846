import FoundationEssentials
import Glibc

/// The one rule for the paths the tool writes (a render's output folder and spec folders, a frame's file, the
/// EXPECTED of `compare --update`): none goes through a symbolic link below where the user stands.
///
/// A repository can commit a link (`docs/a -> ../elsewhere`), and a write through it would replace files outside the
/// repository. The current folder and the folders above it are where the user stands (a home folder that is a link,
/// `/tmp` on some systems): they are the machine's, not the tree's, and are not looked at.
package enum LinkedPath {
    /// The first entry on `path` (as given, relative to the current folder or absolute) that is a symbolic link and
    /// is not the current folder or one above it, spelt as `path` spells it; nil when there is none.
    ///
    /// Looks at each entry with `lstat`, without following any; stops at the first entry that does not exist.
    package static func firstLink(on path: String) -> String? {
        let current = FileManager.default.currentDirectoryPath
        let standing = Set(ancestors(of: current))
        var walked = path.hasPrefix("/") || current == "/" ? "" : current
        var spelt: [Substring] = []
        for part in path.split(separator: "/") {
            walked += "/" + part
            spelt.append(part)
            guard part != ".", !standing.contains(walked) else { continue }
            var status = stat()
            guard lstat(walked, &status) == 0 else { return nil }
            if status.st_mode & S_IFMT == S_IFLNK { return (path.hasPrefix("/") ? "/" : "") + spelt.joined(separator: "/") }
        }
        return nil
    }

    /// The first symbolic link beneath the folder `folder` (itself not included), or nil.
    ///
    /// Nil too when `folder` is not a folder. A folder the tool writes files into (an HTML report's, `--diff`'s) may hold a link
    /// a pull request committed (`report/files -> /elsewhere`), and a write beneath it would land outside.
    ///
    /// Looks with `lstat`, following no link, at most `depth` folders deep (deeper is not looked at: the writes go at
    /// most a spec folder and a frame below).
    package static func firstLink(beneath folder: String, depth: Int = 16) -> String? {
        // Names only; each is looked at with lstat below, and only real folders are descended.
        guard depth > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        for name in names.sorted() {
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFLNK: return path
            case S_IFDIR: if let link = firstLink(beneath: path, depth: depth - 1) { return link }
            default: continue
            }
        }
        return nil
    }

    /// Why a write is refused at a link `firstLink` found, in words that follow the link's path.
    package static let reason =
        "is a symbolic link; pickerreel writes only into real folders and files, never through a link (it could lead out of the repository): replace the link with the folder or file itself, or choose another path"

    /// `path` and every folder above it: `/a/b` gives `/`, `/a`, `/a/b`.
    private static func ancestors(of path: String) -> [String] {
        var result = ["/"]
        var walked = ""
        for part in path.split(separator: "/") {
            walked += "/" + part
            result.append(walked)
        }
        return result
    }
}
