import CPickerPango
import FoundationEssentials
import Glibc
import PickerKit
import Synchronization

/// A font file a spec names (`style.font.file`), read through the spec's `FileScope` and held in an anonymous
/// in-memory file, so that labels are drawn with exactly its bytes and no installed font.
///
/// fontconfig, FreeType and HarfBuzz open fonts by path; the in-memory file's path (/proc/self/fd/N) gives them
/// these bytes, read once from inside the scope, never the spec's path again. One object per distinct content in
/// the process (`FontFile.load` shares them), kept for the process's life, as the font maps made with it are.
package final class FontFile: @unchecked Sendable {
    // @unchecked: every property is a constant; the descriptor is never closed while the process runs.
    /// The path fontconfig reads the font from.
    let path: String
    /// The family the file names itself (its first face's first family name).
    package let family: String
    /// The file's bytes, which identify it.
    let bytes: [UInt8]
    /// The SHA-256 of its bytes, as the render environment records it.
    package let sha256: String

    private init(path: String, family: String, bytes: [UInt8]) {
        self.path = path
        self.family = family
        self.bytes = bytes
        sha256 = SHA256Digest.hex(bytes)
    }

    /// Font files already held, by content.
    private static let held = Mutex<[[UInt8]: FontFile]>([:])

    /// Reads `path` from inside `scope` and checks that it is a font fontconfig can use.
    ///
    /// Throws `SpecError` naming `field` (`style.font.file`) when the file is outside the scope, missing,
    /// unreadable, larger than `SpecLimits.maximumFontFileBytes`, or not a TrueType, OpenType or collection font.
    package static func load(_ path: String, in scope: FileScope, file: String?, field: JSONPath) throws(SpecError) -> FontFile {
        func failure(_ reason: String) -> SpecError {
            SpecError(file: file, path: field, problem: .unusableFile(path: path, reason: reason))
        }
        let bytes: [UInt8]
        do {
            bytes = try scope.read(path, maximumBytes: SpecLimits.maximumFontFileBytes)
        } catch {
            throw failure(error.reason(for: "a font file"))
        }
        return try held.withLock { held throws(SpecError) -> FontFile in
            if let known = held[bytes] { return known }
            let descriptor = pickerreel_memory_file("pickerreel-font")
            guard descriptor >= 0 else { throw failure("it cannot be held in memory (memfd_create failed, errno \(errno))") }
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { buffer in
                    Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
                }
                guard count > 0 else {
                    close(descriptor)
                    throw failure("it cannot be held in memory (errno \(errno))")
                }
                written += count
            }
            let memoryPath = "/proc/self/fd/\(descriptor)"
            guard let family = Self.family(ofFontAt: memoryPath) else {
                close(descriptor)
                throw failure("not a TrueType, OpenType or TrueType collection font that fontconfig can read")
            }
            let font = FontFile(path: memoryPath, family: family, bytes: bytes)
            held[bytes] = font
            return font
        }
    }

    /// The family of the first face of the font at `path`, or nil when fontconfig finds no font there.
    private static func family(ofFontAt path: String) -> String? {
        guard let config = FcConfigCreate() else { return nil }
        defer { FcConfigDestroy(config) }
        guard FcConfigAppFontAddFile(config, path) == FcTrue, let fonts = FcConfigGetFonts(config, FcSetApplication),
            fonts.pointee.nfont > 0, let pattern = fonts.pointee.fonts[0]
        else { return nil }
        var name: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FAMILY, 0, &name) == FcResultMatch, let name else { return nil }
        let family = String(cString: UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        return family.isEmpty ? nil : family
    }

    /// A fontconfig configuration that holds this font and nothing else; the caller destroys it.
    func configuration() -> OpaquePointer? {
        guard let config = FcConfigCreate() else { return nil }
        guard FcConfigAppFontAddFile(config, path) == FcTrue else {
            FcConfigDestroy(config)
            return nil
        }
        return config
    }
}
