import Foundation
import PickerKit
import PickerRender

/// Decodes a folder's PNG frames ahead of the encoder on a second thread, so reading and encoding overlap (ffmpeg
/// likewise decodes on its own threads), keeping at most `depth` decoded frames waiting.
///
/// Files are decoded with `PNGDecoder` (libdeflate; cairo for kinds of PNG it leaves aside). A file whose bytes
/// equal the one before it (the renderer writes a hold as identical files) is the same picture and is not decoded
/// again. Frames asked for out of order (a GIF's second pass, when its store gave up) are
/// decoded on the caller's thread.
final class FrameReader: @unchecked Sendable {
    // @unchecked Sendable: every mutable property is read and written only while holding `condition`.
    let paths: [String]
    let depth: Int
    private let condition = NSCondition()
    private var decoded: [Int: Result<RGBAImage, any Error>] = [:]
    /// The next index the reading thread decodes.
    private var nextToRead = 0
    /// The index the encoder asks for next; the reader stays within `depth` of it.
    private var wanted = 0
    /// Seconds the encoder spent waiting for frames or decoding them itself.
    private(set) var waitingSeconds: Double = 0

    init(paths: [String], depth: Int = 8) {
        self.paths = paths
        self.depth = depth
        let thread = Thread { [self] in readAhead() }
        thread.start()
    }

    /// Frame `index`, waiting for the reading thread when it is behind.
    func frame(_ index: Int) throws -> RGBAImage {
        let started = Date()
        condition.lock()
        defer {
            waitingSeconds += Date().timeIntervalSince(started)
            condition.unlock()
        }
        wanted = index
        condition.broadcast()
        if index < nextToRead && decoded[index] == nil || index >= paths.count {
            // Already handed out and dropped (or out of range): decode it here.
            condition.unlock()
            defer { condition.lock() }
            return try Self.read(paths[min(max(index, 0), paths.count - 1)], with: PNGDecoder())
        }
        while decoded[index] == nil { condition.wait() }
        let result = decoded[index]
        for old in decoded.keys where old < index { decoded[old] = nil }
        guard let result else { return try Self.read(paths[index], with: PNGDecoder()) }
        return try result.get()
    }

    /// The picture in the file at `path`: decoded with libdeflate (`decoder`), or by cairo when it is a kind of
    /// PNG the decoder leaves to others.
    static func read(_ path: String, with decoder: PNGDecoder) throws -> RGBAImage {
        try read(path, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), with: decoder)
    }

    private static func read(_ path: String, bytes: [UInt8], with decoder: PNGDecoder) throws -> RGBAImage {
        try decoder.decode(bytes, path: path) ?? PNGFile.read(path)
    }

    private func readAhead() {
        var previous: (bytes: [UInt8], picture: RGBAImage)?
        let decoder = Result { try PNGDecoder() }
        for index in paths.indices {
            condition.lock()
            while index - wanted >= depth { condition.wait() }
            condition.unlock()
            let result = Result<RGBAImage, any Error> {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: paths[index])))
                if let previous, previous.bytes == bytes { return previous.picture }
                let picture = try Self.read(paths[index], bytes: bytes, with: try decoder.get())
                previous = (bytes, picture)
                return picture
            }
            condition.lock()
            decoded[index] = result
            nextToRead = index + 1
            condition.broadcast()
            condition.unlock()
        }
    }
}
