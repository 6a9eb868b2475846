import CPickerPango

/// A font file's path as fontconfig lists it, held in a `String` even when its bytes are not UTF-8.
///
/// A path of UTF-8 bytes is itself. Any other is a NUL (which no path holds) followed by its bytes in hex, so that
/// two files are never one path (a lossy conversion made every such file `X\u{FFFD}.ttf`, which could not be opened:
/// each was recorded as "unreadable", and replacing the font left the environment digest as it was).
package enum FontFilePath {
    /// The path fontconfig's `FC_FILE` bytes name.
    package static func text(_ file: UnsafePointer<FcChar8>) -> String {
        let bytes = Array(UnsafeBufferPointer(start: file, count: strlen(UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))))
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return "\u{0}" + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// The bytes of the path `text` holds (`text` as `text(_:)` made it).
    package static func bytes(_ text: String) -> [UInt8] {
        guard text.hasPrefix("\u{0}") else { return Array(text.utf8) }
        let digits = Array(text.utf8.dropFirst())
        var bytes: [UInt8] = []
        var index = 0
        while index + 1 < digits.count {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return [0] }
            bytes.append(byte)
            index += 2
        }
        return bytes
    }

    /// The file name to show and record: the path's last part, with each byte that is not UTF-8 written `\xFF`.
    package static func name(_ text: String) -> String {
        let bytes = bytes(text)
        let last = bytes.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? bytes
        if let name = String(validating: last, as: UTF8.self) { return name }
        var name = ""
        var rest = last[...]
        while !rest.isEmpty {
            var length = min(4, rest.count)
            while length > 0, String(validating: rest.prefix(length), as: UTF8.self) == nil { length -= 1 }
            if length > 0 {
                name += String(decoding: rest.prefix(length), as: UTF8.self)
                rest = rest.dropFirst(length)
            } else {
                let byte = rest.removeFirst()
                name += "\\x" + String(byte, radix: 16, uppercase: true)
            }
        }
        return name
    }
}
