import CPickerNettle
import FoundationEssentials
import Glibc

/// SHA-256 digests, as lowercase hex, by Nettle (with the CPU's SHA instructions where it has them): what the render
/// manifest records of the spec, its files and every output file, and what compare uses to pair renamed files.
package enum SHA256Digest {
    /// The digest of `bytes`.
    package static func hex(_ bytes: [UInt8]) -> String {
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { nettle_sha256_update(&context, buffer.count, base) }
        }
        return finish(&context)
    }

    /// The digest of the regular file at `path`, read in pieces; nil when it cannot be opened or read, or, with
    /// `followingLinks` false, when `path` is a link.
    package static func hex(ofFile path: String, followingLinks: Bool = true) -> String? {
        hex(ofFileAt: Array(path.utf8), followingLinks: followingLinks)
    }

    /// The digest of the regular file whose path is the bytes `path` (which need not be UTF-8: a font file's name
    /// as fontconfig lists it), as `hex(ofFile:)`; nil also for a path holding a NUL byte.
    package static func hex(ofFileAt path: [UInt8], followingLinks: Bool = true) -> String? {
        guard !path.contains(0) else { return nil }
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW)
        // The path as given (the caller's own file), NUL-terminated.
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in characters.baseAddress.map { open($0, flags) } ?? -1 }
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            buffer.withUnsafeBufferPointer { piece in
                if let base = piece.baseAddress { nettle_sha256_update(&context, count, base) }
            }
        }
        return finish(&context)
    }

    private static func finish(_ context: inout sha256_ctx) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { nettle_sha256_digest(&context, 32, base) }
        }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
