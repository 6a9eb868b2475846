import FoundationEssentials
import Glibc

extension RenderManifest {
    /// The manifest in `folder`, or nil when there is none or it is not a regular file (a link is not followed), is
    /// over `maximumBytes` or cannot be decoded: a render then writes everything again.
    package static func read(in folder: URL) -> RenderManifest? {
        let descriptor = open(folder.appendingPathComponent(fileName).path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= maximumBytes else { return nil }
        var bytes: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= maximumBytes {
            let count = piece.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += piece[..<count]
        }
        return try? decode(bytes)
    }

    /// True when `folder` holds a render of exactly `inputs` that is intact: its manifest records these inputs, and
    /// every file it lists is there, a regular file (not a link) of the recorded size and SHA-256, with no switch left
    /// half done.
    ///
    /// Digests, not only sizes: a frame rewritten in place at the same size (by hand, or by a pull request) is not
    /// up to date. Hashing the files costs a small part of the render it saves (SHA-256 runs at about a gigabyte a
    /// second here; docs/ci.md#manifests has the figures). It is still a cache: a manifest whose recorded inputs
    /// were edited to match new ones makes stale files look current, which `render --verify` finds.
    package static func isCurrent(in folder: URL, for inputs: RenderInputs) -> Bool {
        guard let manifest = read(in: folder), manifest.inputs == inputs else { return false }
        // Names only: whether a switch journal is there (a listing follows no link inside the folder).
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard !entries.contains(where: OutputFolder.Names.isSwitchJournal) else { return false }
        let base = folder.path
        return manifest.files.allSatisfy { file in
            var status = stat()
            guard OutputFolder.isRelativeName(file.name), lstat(base + "/" + file.name, &status) == 0,
                status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == file.size
            else { return false }
            return SHA256Digest.hex(ofFile: base + "/" + file.name, followingLinks: false) == file.sha256
        }
    }
}
