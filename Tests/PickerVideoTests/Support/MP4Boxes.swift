/// The top-level boxes of an MP4 file, read from their 32-bit sizes (and 64-bit sizes when the size is 1).
enum MP4Boxes {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The four-character types of the top-level boxes, in file order; throws when a size runs past the end.
    static func topLevelTypes(_ bytes: [UInt8]) throws -> [String] {
        var types: [String] = []
        var offset = 0
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { throw Failure(description: "a box header is cut off at \(offset)") }
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if size == 1 {
                guard offset + 16 <= bytes.count else { throw Failure(description: "a 64-bit box size is cut off at \(offset)") }
                size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= 8, offset + size <= bytes.count else {
                throw Failure(description: "the \(type) box at \(offset) claims \(size) bytes of \(bytes.count - offset) left")
            }
            types.append(type)
            offset += size
        }
        return types
    }
}
