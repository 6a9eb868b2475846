import FoundationEssentials
import Glibc
import PickerKit
import PickerRender

/// One side of a comparison as found on disk: a single PNG file or a folder tree of them.
enum CompareInput: Equatable {
    case file(path: String)
    case folder(path: String)
    /// Nothing there, which only `--update` accepts (EXPECTED is then made).
    case absent(path: String)

    /// Looks at `path` without opening it; throws `CompareError` when nothing is there (unless `allowsAbsent`)
    /// or it is neither a regular file nor a folder (a FIFO, a device).
    static func resolve(_ path: String, allowsAbsent: Bool = false) throws(CompareError) -> CompareInput {
        let kind = FileKind.of(path)
        switch kind {
        case .regularFile: return .file(path: path)
        case .folder: return .folder(path: path)
        case .missing:
            if allowsAbsent { return .absent(path: path) }
            throw CompareError(.notFound(path: path))
        case .pipe, .device, .other:
            throw CompareError(.notFileOrFolder(path: path, reason: kind.refusal ?? "it is not a regular file"))
        }
    }

    /// The relative paths (`/`-separated) of the PNG, APNG and WebP files in the tree under `folder`, sorted by Unicode scalars
    /// so reports are stable.
    ///
    /// A folder holding the journal of a switch cut short (an update or render killed half way) throws
    /// `unfinishedSwitch`: its pictures are old and new mixed; one holding a journal the tool would not finish (a
    /// forgery) throws `foreignJournal` with the message `--update` would give. Other names starting with `.` are skipped (hidden
    /// files, the tool's staging folders). No symbolic link
    /// inside the tree is followed: one that leads out throws `linkLeavesTree` naming it (with `refusingLinks`, as any
    /// link), any other throws `notFileOrFolder` naming it as a link, so that nothing is read, copied into a report or
    /// written by `--update` through one. The tree's own root may be a link (the user's argument). Anything else named `*.png` that is not a regular file is listed, so reading it reports
    /// what it is. A name whose path is longer than the system allows throws `cannotList` naming its folder: a file
    /// that cannot be looked at is never left out in silence.
    static func pngPaths(in folder: String, refusingLinks: Bool = false) throws(CompareError) -> [String] {
        var found: [String] = []
        let tree = realPath(folder) ?? folder
        try walk(folder: folder, tree: (given: folder, real: tree), prefix: "", refusingLinks: refusingLinks, into: &found)
        return found.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }

    private static func walk(
        folder: String, tree: (given: String, real: String), prefix: String, refusingLinks: Bool, into found: inout [String]
    ) throws(CompareError) {
        let names = try entries(of: folder)
        if names.contains(where: OutputFolder.Names.isSwitchJournal) {
            // A journal --update would refuse (a pull request's forgery) is named as such, not as a switch to finish.
            if let message = OutputFolder.refusedJournal(in: folder) {
                throw CompareError(.foreignJournal(folder: folder, message: message))
            }
            throw CompareError(.unfinishedSwitch(folder: folder))
        }
        try refuseNamesInTwoForms(names, in: folder)
        for name in names where !name.hasPrefix(".") {
            let path = FilePath.join(folder, name)
            let relative = prefix + name
            var status = stat()
            guard lstat(path, &status) == 0 else {
                if errno == ENOENT { continue }  // removed while the folder was read
                throw CompareError(.cannotList(folder: folder, reason: unseen(name, errno)))
            }
            // No link in a tree is followed (issue 34): one that leads out is named as such, any other as a link.
            if status.st_mode & S_IFMT == S_IFLNK {
                // A link to nothing is named as one leading out: the message is the same whether an outside target exists.
                let inside = realPath(path).map { $0 == tree.real || $0.hasPrefix(tree.real + "/") || tree.real == "/" } ?? false
                if !refusingLinks, !inside {
                    throw CompareError(.linkLeavesTree(path: path, tree: tree.given))
                }
                throw CompareError(.notFileOrFolder(path: path, reason: FileScope.Refusal.link.treeReason))
            }
            // lstat's answer stands for a file that is not a link: one system call a file, not two.
            if status.st_mode & S_IFMT == S_IFDIR {
                try walk(folder: path, tree: tree, prefix: relative + "/", refusingLinks: refusingLinks, into: &found)
            } else if Self.picturesSuffixes.contains(where: name.lowercased().hasSuffix) {
                found.append(relative)
            }
        }
    }

    /// Refuses a folder holding two names that differ only in their Unicode form (`é` as one letter, or as `e` and an
    /// accent): two files to Linux, but one name to Swift's strings, so pairing and `--update` would take one for the
    /// other (an update wrote one picture under the other's name and left the other out, with exit 0).
    ///
    /// Throws `CompareError` naming both, with their code points, and what to do.
    private static func refuseNamesInTwoForms(_ names: [String], in folder: String) throws(CompareError) {
        var seen: [String: String] = [:]
        for name in names where !name.hasPrefix(".") {
            guard let other = seen.updateValue(name, forKey: name), !other.utf8.elementsEqual(name.utf8) else { continue }
            func form(_ text: String) -> String {
                let scalars = text.unicodeScalars.prefix(24).map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
                return PlainText.escaped(String(text.prefix(24))) + " (" + scalars.joined(separator: " ")
                    + (text.unicodeScalars.count > 24 ? " …" : "") + ")"
            }
            throw CompareError(
                .refused(
                    path: folder,
                    message:
                        "\(folder): holds \(form(other)) and \(form(name)), one name written in two Unicode forms: two files to the system but one to a comparison, which would pair or update one as the other; rename one of them"
                ))
        }
    }

    /// Why the entry `name` of a folder could not be looked at (`lstat` failed with `code`), for `cannotList`.
    private static func unseen(_ name: String, _ code: Int32) -> String {
        let shown = PlainText.escaped(name.count > 64 ? name.prefix(64) + "…" : Substring(name))
        if code == ENAMETOOLONG {
            return
                "the path of \(shown) in it is longer than the system allows (\(PATH_MAX) bytes), so it cannot be compared; shorten the folder names or move the tree"
        }
        return "\(shown): \(String(cString: strerror(code)))"
    }

    /// The files a tree comparison reads: PNG pictures, and animations (APNG, WebP) compared in time.
    static let picturesSuffixes = [".png", ".apng", ".webp"]

    /// The names in `folder`, read with readdir so that a name that is not UTF-8 is seen: it throws
    /// `nameNotUTF8` (Foundation's listing turns its bytes into U+FFFD, so such a golden was silently left out, or
    /// another file of the repaired name compared in its place).
    static func entries(of folder: String) throws(CompareError) -> [String] {
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        guard let directory = opendir(folder) else {
            throw CompareError(.cannotList(folder: folder, reason: String(cString: strerror(errno))))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // Read in place, up to its end (a copy of `d_name` would read 256 bytes, past a short last entry).
            let name = String(validatingCString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            guard let name else { throw CompareError(.nameNotUTF8(folder: folder)) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The folders under `folder` (itself included, links not followed) that hold the journal of a switch cut short.
    static func unfinishedSwitches(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var found = names.contains(where: OutputFolder.Names.isSwitchJournal) ? [folder] : []
        for name in names where !name.hasPrefix(".") {
            let path = FilePath.join(folder, name)
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
            found += unfinishedSwitches(in: path)
        }
        return found
    }

    /// `path` with every link resolved, or nil when it leads nowhere.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension String {
    /// The string with leading zeros to `width` characters (`"E9"` → `"00E9"`).
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
