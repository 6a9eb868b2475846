import Foundation
import Glibc
import TestSupport
import Testing

/// Font files whose names are not UTF-8 (a byte such as 0xFF in the name, which Linux allows): each is its own file
/// in the environment record, read by its real path, so that replacing one changes the digest.
///
/// Before, the names were converted lossily (`X\u{FFFD}.ttf`): every such file was recorded once, as "unreadable",
/// and `environment --check` called a machine with another font the same environment (a false green for a cache).
@Suite("pickerreel environment: font names that are not UTF-8")
struct EnvironmentFontNameTests {
    /// Copies `source` into `folder` under the name whose bytes are `name` (not UTF-8), through the C call that
    /// takes bytes.
    static func copy(_ source: String, into folder: URL, named name: [UInt8]) throws {
        let target = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        let descriptor = (target + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                characters.baseAddress.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? -1
            }
        }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == data.count)
    }

    @Test func replacingAFontWithANonUTF8NameChangesTheDigestAndCheckNamesIt() throws {
        let set = try EnvironmentCommandTests.FontSet([:])
        try Self.copy(EnvironmentCommandTests.sans, into: set.fonts, named: Array("X".utf8) + [0xFF] + Array(".ttf".utf8))
        try Self.copy(EnvironmentCommandTests.serif, into: set.fonts, named: Array("X".utf8) + [0xFE] + Array(".ttf".utf8))
        let record = try set.record()
        let fonts = try #require(record["fonts"] as? [String: String], "\(record)")
        // Two files, each read: named with the byte written out, never "unreadable".
        #expect(fonts.count == 2, "\(fonts)")
        #expect(!fonts.values.contains("unreadable"), "\(fonts)")
        #expect(fonts.keys.contains("X\\xFF.ttf") && fonts.keys.contains("X\\xFE.ttf"), "\(fonts)")
        let recordFile = set.work.appendingPathComponent("record.json")
        let json = try runTool(["environment", "--json"], environment: set.environment)
        try Data(json.stdout.utf8).write(to: recordFile)
        let before = try set.digest()

        // Another font under the same name.
        try Self.copy(
            "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", into: set.fonts, named: Array("X".utf8) + [0xFE] + Array(".ttf".utf8))
        #expect(try set.digest() != before)
        let check = try runTool(["environment", "--check", recordFile.path], environment: set.environment)
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout.contains("X\\xFE.ttf") || check.stderr.contains("X\\xFE.ttf"), "\(check)")
    }
}
