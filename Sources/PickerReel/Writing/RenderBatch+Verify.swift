import FoundationEssentials
import Glibc
import PickerRender

extension RenderBatch {
    /// Renders every entry afresh into a scratch folder outside `parent`, whatever the manifests in `parent` say, and
    /// compares each spec's folder in `parent` with it: what `pickerreel render --verify` (a docs check) runs.
    ///
    /// Returns, by entry index, the files that differ (missing, extra, other bytes, not a regular file; none for a
    /// folder that matches) and the error of each entry that could not be rendered. Nothing in `parent` is written,
    /// created or removed, and no link in it is followed: a link where a file or a spec's folder should be is a
    /// difference. Render manifests are neither compared nor trusted: a manifest is a cache, never evidence.
    /// Throws `RenderError.file` when the scratch folder cannot be made.
    public func verify(against parent: URL, events: @escaping @Sendable (Event) -> Void = { _ in }) throws(RenderError) -> (
        differences: [Int: [RenderedFileDifference]], failures: [Int: any Error]
    ) {
        var template = Array((FileManager.default.temporaryDirectory.path + "/pickerreel-verify.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let scratchPath = made.map({ String(cString: $0) }) else {
            throw RenderError.file(
                path: FileManager.default.temporaryDirectory.path,
                reason: "cannot make a scratch folder for --verify (\(String(cString: strerror(errno))))")
        }
        let scratch = URL(fileURLWithPath: scratchPath)
        // The scratch folder is this process's own (mkdtemp in $TMPDIR), never a folder of the tree.
        defer { try? FileManager.default.removeItem(at: scratch) }
        var fresh = self
        fresh.rendersUpToDate = true
        let failures = fresh.write(into: scratch, events: events)
        var differences: [Int: [RenderedFileDifference]] = [:]
        for (index, entry) in entries.enumerated() where failures[index] == nil {
            differences[index] = compare(
                fresh: scratch.appendingPathComponent(entry.name).path, onDisk: parent.appendingPathComponent(entry.name).relativePath,
                name: entry.name)
        }
        return (differences, failures)
    }

    /// The differences of the folder `onDisk` from the fresh render in `fresh` of the spec named `name`.
    func compare(fresh: String, onDisk: String, name: String) -> [RenderedFileDifference] {
        // The fresh render's names, in the scratch folder this process made.
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: fresh)) ?? []).filter { $0 != RenderManifest.fileName }
            .sorted()
        let folder = open(onDisk, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            let code = errno
            if code == ENOENT { return written.map { RenderedFileDifference(path: onDisk + "/" + $0, kind: .missing) } }
            // O_NOFOLLOW with O_DIRECTORY answers ENOTDIR for a link as for a file: lstat tells them apart.
            var status = stat()
            let isLink = lstat(onDisk, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
            let what = isLink ? "a symbolic link" : code == ENOTDIR ? "a file" : String(cString: strerror(code))
            return [RenderedFileDifference(path: onDisk, kind: .notAFile(what))]
        }
        defer { close(folder) }
        var found: [RenderedFileDifference] = []
        for file in written {
            if let kind = Self.difference(of: file, in: folder, from: fresh + "/" + file) {
                found.append(RenderedFileDifference(path: onDisk + "/" + file, kind: kind))
            }
        }
        // Listed through the descriptor opened above, so the folder looked at is the one just checked.
        let present = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd/\(folder)")) ?? []
        let freshNames = Set(written)
        let pictures = formats.contains(.png)
        for file in present.sorted() where !freshNames.contains(file) {
            if formats.contains(where: { $0.owns(file, name: name) }) || (pictures && MomentName.isMomentPicture(file, name: name)) {
                found.append(RenderedFileDifference(path: onDisk + "/" + file, kind: .extra))
            }
        }
        return found
    }

    /// How the entry `file` of the folder `folder` (a descriptor) differs from the file at `freshPath`.
    ///
    /// Nil when it holds the same bytes. A link is not followed: it is a difference of its own.
    static func difference(of file: String, in folder: Int32, from freshPath: String) -> RenderedFileDifference.Kind? {
        let descriptor = openat(folder, file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            return code == ENOENT ? .missing : .notAFile(code == ELOOP ? "a symbolic link" : String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .notAFile(String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .notAFile(status.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file")
        }
        guard let expected = FileManager.default.contents(atPath: freshPath).map(Array.init) else { return .notAFile("unreadable") }
        guard Int(status.st_size) == expected.count else { return .differentBytes }
        // Read in pieces and compared as they come, so a large video is never held twice.
        var offset = 0
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = piece.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .notAFile(String(cString: strerror(errno))) }
            if count == 0 { return offset == expected.count ? nil : .differentBytes }
            guard offset + count <= expected.count, piece[..<count].elementsEqual(expected[offset..<(offset + count)]) else {
                return .differentBytes
            }
            offset += count
        }
    }
}
