import CPickerDeflate
import Foundation
import PickerKit
import PickerRender
import TestSupport
import Testing

/// Reading PNG files: limits before decoding, and messages that say what is wrong.
@Suite("Reading PNG files")
struct PNGReadingTests {
    static func folder() throws -> URL {
        try temporaryFolder()
    }

    /// A chunk with its length and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        return bigEndian(data.count) + body + bigEndian(Int(crc))
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func message(_ path: String) -> String? {
        do {
            _ = try PNGFile.read(path)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a 514 KB PNG declaring 23,000 × 23,000 px is refused at once from its header")
    func hugeDeclaredSize() throws {
        let url = try Self.folder().appendingPathComponent("huge.png")
        let header = Self.bigEndian(23_000) + Self.bigEndian(23_000) + [8, 6, 0, 0, 0]
        let bytes =
            Self.signature + Self.chunk("IHDR", header) + Self.chunk("IDAT", [UInt8](repeating: 0x78, count: 514_000))
            + Self.chunk("IEND", [])
        try Data(bytes).write(to: url)
        let started = ContinuousClock.now
        let message = Self.message(url.path)
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(
            message
                == "a 23000 × 23000 px picture is larger than allowed (at most \(SpecLimits.maximumPixelsPerSide) px a side and \(SpecLimits.maximumPixelsPerFrame) px in all)"
        )
        #expect(throws: RenderError.tooLarge(width: 23_000, height: 23_000)) { try ImageSurface(pngBytes: bytes, path: url.path) }
    }

    @Test("a damaged chunk says its CRC does not match, not \"out of memory\"")
    func badCRC() throws {
        let folder = try Self.folder()
        var bytes = try PNGFile.encode(RGBAImage(width: 4, height: 4, filledWith: (10, 20, 30, 255)))
        bytes[bytes.count - 20] ^= 0xFF  // inside the IDAT data
        let path = folder.appendingPathComponent("damaged.png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let message = try #require(Self.message(path))
        #expect(message.contains("the IDAT chunk at byte 33 is damaged (its CRC does not match)"), "\(message)")
        #expect(!message.contains("memory"))
    }

    @Test("a file cut short says so")
    func truncated() throws {
        let folder = try Self.folder()
        let bytes = try PNGFile.encode(RGBAImage(width: 4, height: 4, filledWith: (10, 20, 30, 255)))
        let path = folder.appendingPathComponent("cut.png").path
        try Data(bytes.prefix(bytes.count - 6)).write(to: URL(fileURLWithPath: path))
        #expect(Self.message(path)?.contains("it is cut short") == true)
    }

    @Test("a FIFO is refused without opening it (so without blocking), and a device, a pipe and a folder say what they are")
    func notRegularFiles() throws {
        let folder = try Self.folder()
        let fifo = folder.appendingPathComponent("fifo.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(Self.message(fifo) == "\(fifo): it is a pipe or FIFO, not a regular file; save the picture to a file first")
        #expect(Self.message("/dev/zero") == "/dev/zero: it is a device, not a regular file")
        #expect(Self.message(folder.path) == "\(folder.path): it is a folder, not a PNG file")
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer {
            close(descriptors[0])
            close(descriptors[1])
        }
        let pipePath = "/proc/self/fd/\(descriptors[0])"
        #expect(Self.message(pipePath)?.hasSuffix("it is a pipe or FIFO, not a regular file; save the picture to a file first") == true)
        #expect(
            Self.message(folder.appendingPathComponent("none.png").path)?.contains("cannot read it (No such file or directory)") == true)
    }

    @Test("a file larger than any PNG within the limits is refused from its size, without reading it")
    func hugeFile() throws {
        let path = try Self.folder().appendingPathComponent("sparse.png").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.signature)))
        #expect(truncate(path, off_t(PNGStructure.maximumFileBytes + 1)) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            Self.message(path)
                == "\(path): the file is \(PNGStructure.maximumFileBytes + 1) bytes; a PNG within the picture limits is at most \(PNGStructure.maximumFileBytes) bytes"
        )
    }

    @Test("a good PNG still reads, with the same pixels")
    func roundTrip() throws {
        let picture = RGBAImage(width: 5, height: 3, filledWith: (200, 100, 50, 255))
        let path = try Self.folder().appendingPathComponent("good.png").path
        try Data(try PNGFile.encode(picture)).write(to: URL(fileURLWithPath: path))
        #expect(try PNGFile.read(path) == picture)
    }
}
