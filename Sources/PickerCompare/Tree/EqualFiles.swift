import FoundationEssentials
import Glibc
import PickerKit
import PickerRender

/// Files that need no decoding: pairs with the same bytes, and files that moved to another name.
///
/// Comparing bytes costs a read and a memcmp; decoding two PNGs and comparing their pixels costs several times that,
/// so a tree of goldens that did not change is compared at the speed of reading it.
enum EqualFiles {
    /// The match of `expected` and `actual` when their bytes are equal, or nil when they differ (or cannot be read:
    /// decoding then says why).
    ///
    /// Equal bytes are one picture or one animation: its size comes from its header, read as
    /// `FolderComparison.declaredSize` reads it (a PNG within the limits, an APNG or an animated WebP), and it throws
    /// the `CompareError` that does.
    static func match(
        path: String, expected: String, actual: String, tolerance: Tolerance
    ) throws(CompareError) -> FileComparison? {
        guard case .regularFile(let expectedBytes) = FileKind.of(expected), case .regularFile(let actualBytes) = FileKind.of(actual),
            expectedBytes == actualBytes, expectedBytes <= PNGStructure.maximumFileBytes,
            let left = contents(expected, size: expectedBytes), let right = contents(actual, size: expectedBytes),
            sameBytes(left, right)
        else { return nil }
        // The header and the animation check from the bytes in hand: in a tree of 10,000 equal frames, opening each
        // file again (and reading its chunks one pread at a time) doubled the system calls and the time.
        let size = try FolderComparison.declaredSize(of: left, path: expected)
        let pixels = PixelComparison(differentPixels: 0, antialiasedPixels: 0, size: size)
        return FileComparison(
            path: path, outcome: .compared(pixels), matches: tolerance.accepts(pixels), expectedPath: expected, actualPath: actual)
    }

    /// The bytes of the file at `path`, which `stat` found regular and `size` bytes long: one open, reads to its end,
    /// one close; nil when it cannot be read or no longer has that size (decoding then says why).
    ///
    /// `O_NONBLOCK`: should a FIFO have taken the file's place since `stat`, opening it does not wait for a writer.
    static func contents(_ path: String, size: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // One byte more than expected, so that a file that grew is seen in the same read.
        var filled = 0
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while filled < buffer.count {
                let got = read(descriptor, base + filled, buffer.count - filled)
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    failed = got < 0
                    break
                }
                filled += got
            }
            initialized = filled
        }
        return failed || bytes.count != size ? nil : bytes
    }

    /// True when `left` and `right` hold the same bytes (memcmp, not an element-by-element loop).
    static func sameBytes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        return left.withUnsafeBytes { one in
            right.withUnsafeBytes { other in
                guard let first = one.baseAddress, let second = other.baseAddress else { return true }
                return memcmp(first, second, one.count) == 0
            }
        }
    }

    /// `files` with each file only in EXPECTED whose bytes are those of a file only in ACTUAL reported once, as
    /// `renamed` at its new path, instead of as removed and added.
    ///
    /// Files with the same bytes (the frames of a hold) are paired in path order. Only the files on one side are
    /// read, to a SHA-256 each; one that cannot be read stays added or removed.
    static func pairingRenames(_ files: [FileComparison]) -> [FileComparison] {
        func digests(_ status: FileStatus, _ side: (FileComparison) -> String?) -> [String: [Int]] {
            var found: [String: [Int]] = [:]
            for (index, file) in files.enumerated() where file.status == status {
                if let path = side(file), let digest = SHA256Digest.hex(ofFile: path) { found[digest, default: []].append(index) }
            }
            return found
        }
        let removed = digests(.removed, \.expectedPath)
        guard !removed.isEmpty else { return files }
        let added = digests(.added, \.actualPath)
        var result = files
        var dropped: Set<Int> = []
        for (digest, gone) in removed {
            guard let arrived = added[digest] else { continue }
            for (old, new) in zip(gone, arrived) {
                let size: ImageSize? = if case .added(let size) = files[new].outcome { size } else { nil }
                result[new] = FileComparison(
                    path: files[new].path, outcome: .renamed(from: files[old].path, size: size), matches: false,
                    expectedPath: files[old].expectedPath, actualPath: files[new].actualPath)
                dropped.insert(old)
            }
        }
        return result.indices.filter { !dropped.contains($0) }.map { result[$0] }
    }
}
