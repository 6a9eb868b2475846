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
            let left = PictureFile.contents(expected, size: expectedBytes), let right = PictureFile.contents(actual, size: expectedBytes),
            sameBytes(left, right)
        else { return nil }
        return try match(path: path, expected: PictureFile(path: expected, bytes: left), tolerance: tolerance, actualPath: actual)
    }

    /// The match of two files whose bytes are those of `expected`, already read.
    ///
    /// Throws the `CompareError` that `FolderComparison.declaredSize` throws for those bytes.
    static func match(path: String, expected: PictureFile, tolerance: Tolerance, actualPath: String) throws(CompareError)
        -> FileComparison
    {
        // The header and the animation check from the bytes in hand: in a tree of 10,000 equal frames, opening each
        // file again (and reading its chunks one pread at a time) doubled the system calls and the time.
        let size = try FolderComparison.declaredSize(of: expected.bytes, path: expected.path)
        let pixels = PixelComparison(differentPixels: 0, antialiasedPixels: 0, size: size)
        return FileComparison(
            path: path, outcome: .compared(pixels), matches: tolerance.accepts(pixels), expectedPath: expected.path, actualPath: actualPath)
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
