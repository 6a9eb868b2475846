import Glibc
import PickerKit
import PickerRender

/// The pictures of a tree checked through the confined read layer (`FileScope`, no link followed) before a report
/// about them is believed: what `merge-reports` reads is the pictures inside EXPECTED and ACTUAL, and nothing else.
package enum TreePictures {
    /// Throws `CompareError` naming the first file at fault unless `root` (a folder, or a single file) is no link and
    /// every picture compare would read in it is a regular file inside it, reached through no link, and a PNG (APNG
    /// included) or WebP by its first bytes.
    package static func check(_ root: String) throws(CompareError) {
        var status = stat()
        if lstat(root, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw CompareError(.notFileOrFolder(path: root, reason: FileScope.Refusal.link.treeReason))
        }
        switch FileKind.of(root) {
        case .folder:
            let scope = FileScope(tree: root, followsLinks: false)
            for path in try CompareInput.pngPaths(in: root, refusingLinks: true) {
                try checkPicture(path, in: scope, shown: FilePath.join(root, path))
            }
        case .regularFile:
            let slash = root.lastIndex(of: "/")
            let folder = slash.map { $0 == root.startIndex ? "/" : String(root[..<$0]) } ?? "."
            try checkPicture(FilePath.lastComponent(root), in: FileScope(tree: folder, followsLinks: false), shown: root)
        default:
            throw CompareError(.notFileOrFolder(path: root, reason: "not a regular file or a folder"))
        }
    }

    static func checkPicture(_ path: String, in scope: FileScope, shown: String) throws(CompareError) {
        let head: [UInt8]
        do {
            head = try scope.head(path, count: 12)
        } catch {
            throw CompareError(.notFileOrFolder(path: shown, reason: error.treeReason))
        }
        guard isPicture(head) else {
            throw CompareError(
                .notFileOrFolder(
                    path: shown,
                    reason: "not a PNG, APNG or WebP picture by its first bytes; only pictures are read from EXPECTED and ACTUAL"))
        }
    }

    /// True for the first bytes of a PNG (an APNG is one) or a WebP (`RIFF`, a size, `WEBP`).
    package static func isPicture(_ head: [UInt8]) -> Bool {
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return true }
        return head.count >= 12 && head[0..<4].elementsEqual([0x52, 0x49, 0x46, 0x46])
            && head[8..<12].elementsEqual([0x57, 0x45, 0x42, 0x50])
    }
}
