import Foundation
import PickerKit
import PickerRender

/// Decodes the PNG frames on a background thread, a few frames ahead of the encoder that asks for them in
/// order, so that reading and encoding overlap as they do in ffmpeg.
///
/// `PNGDecoder` (libdeflate) reads PickerReel's own PNGs several times faster than cairo; any other kind goes
/// through `PNGFile.read`.
final class FramePrefetcher: @unchecked Sendable {
    // @unchecked: `ready`, `failure` and `next` are only touched with `condition` locked.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let paths: [String]
    private let condition = NSCondition()
    private var ready: [Int: RGBAImage] = [:]
    private var failure: (any Error)?
    private var next = 0
    private let ahead: Int
    private var decoding: TimeInterval = 0

    /// Seconds the background thread has spent decoding.
    var decodingSeconds: TimeInterval {
        condition.lock()
        defer { condition.unlock() }
        return decoding
    }

    init(paths: [String], ahead: Int = 6) {
        self.paths = paths
        self.ahead = ahead
        let thread = Thread { [self] in self.run() }
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// Frame `index`, waiting for it if it is not decoded yet; frames must be asked for in order.
    func frame(_ index: Int) throws -> RGBAImage {
        condition.lock()
        defer { condition.unlock() }
        while ready[index] == nil && failure == nil { condition.wait() }
        if let failure { throw failure }
        guard let image = ready.removeValue(forKey: index) else { throw Failure(description: "frame \(index) was asked for out of order") }
        next = index + 1
        condition.broadcast()
        return image
    }

    private func run() {
        do {
            let decoder = try PNGDecoder()
            for index in paths.indices {
                condition.lock()
                while index >= next + ahead { condition.wait() }
                condition.unlock()
                let started = Date()
                let path = paths[index]
                let image = try decoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path) ?? PNGFile.read(path)
                let seconds = Date().timeIntervalSince(started)
                condition.lock()
                decoding += seconds
                ready[index] = image
                condition.broadcast()
                condition.unlock()
            }
        } catch {
            condition.lock()
            failure = error
            condition.broadcast()
            condition.unlock()
        }
    }
}
