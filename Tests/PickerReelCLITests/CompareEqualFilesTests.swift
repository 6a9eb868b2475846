import Foundation
import TestSupport
import Testing

/// Issue 26, "compare that skips equal files", through the built binary.
///
/// Files with equal bytes match without their pictures being decoded, and a file whose content moved to another
/// name is reported as *renamed*, not as one added and one removed, in every report kind and by `--update`.
@Suite("compare: equal and renamed files")
struct CompareEqualFilesTests {
    /// One render of numbers-vertical copied to `expected` and `actual`.
    static func twoCopies() throws -> (work: URL, expected: URL, actual: URL) {
        let work = try temporaryFolder()
        let expected = work.appendingPathComponent("expected")
        let actual = work.appendingPathComponent("actual")
        let run = try runTool(["render", fixture("numbers-vertical.json"), "-o", expected.path, "-q"])
        try #require(run.status == 0, "\(run)")
        try FileManager.default.copyItem(at: expected, to: actual)
        return (work, expected, actual)
    }

    /// A frame with one byte of its compressed pixels changed: its chunk's CRC no longer holds, so decoding it fails.
    static func corrupted(_ url: URL) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: url))
        let idat = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("IDAT".utf8) })
        bytes[idat + 10] ^= 0xFF
        return Data(bytes)
    }

    /// Proof that equal files are not decoded: the same undecodable bytes on both sides match, while the same file
    /// against the intact frame (bytes differ, so pictures are decoded) is still refused as unreadable.
    @Test func filesWithEqualBytesMatchWithoutBeingDecoded() throws {
        let (_, expected, actual) = try Self.twoCopies()
        let name = "numbers-vertical/frame-0005.png"
        let broken = try Self.corrupted(expected.appendingPathComponent(name))
        try broken.write(to: expected.appendingPathComponent(name))
        try broken.write(to: actual.appendingPathComponent(name))
        let equal = try runTool(["compare", expected.path, actual.path])
        #expect(equal.status == 0, "\(equal)")
        #expect(equal.stdout.contains("files match"), "\(equal)")
        // Bytes that differ are decoded, and an unreadable picture is still an error.
        try FileManager.default.removeItem(at: actual.appendingPathComponent(name))
        try FileManager.default.copyItem(
            at: actual.appendingPathComponent("numbers-vertical/frame-0000.png"), to: actual.appendingPathComponent(name))
        let unequal = try runTool(["compare", expected.path, actual.path])
        #expect(unequal.status == 2, "\(unequal)")
    }

    @Test func aFileMovedToAnotherNameIsRenamedInEveryReportAndUpdate() throws {
        let (work, expected, actual) = try Self.twoCopies()
        try FileManager.default.moveItem(
            at: actual.appendingPathComponent("numbers-vertical/frame-0186.png"),
            to: actual.appendingPathComponent("numbers-vertical/last.png"))
        let json = work.appendingPathComponent("report.json")
        let junit = work.appendingPathComponent("junit.xml")
        let html = work.appendingPathComponent("html")
        let run = try runTool([
            "compare", expected.path, actual.path, "--verbose", "--report", "json=\(json.path)", "--report", "junit", junit.path,
            "--report", "html", html.path,
        ])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("renamed"), "\(run.stdout)")
        #expect(run.stdout.contains("numbers-vertical/last.png") && run.stdout.contains("frame-0186.png"), "\(run.stdout)")
        #expect(!run.stdout.contains("added") && !run.stdout.contains("removed"), "\(run.stdout)")
        // JSON: one record, status renamed, from the old path.
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        let differing = files.filter { $0["match"] as? Bool == false }
        #expect(differing.count == 1, "\(differing)")
        #expect(differing.first?["status"] as? String == "renamed")
        #expect(differing.first?["path"] as? String == "numbers-vertical/last.png")
        #expect(differing.first?["renamedFrom"] as? String == "numbers-vertical/frame-0186.png")
        let counts = try #require(report["counts"] as? [String: Any])
        #expect(counts["renamed"] as? Int == 1 && counts["added"] as? Int == 0 && counts["removed"] as? Int == 0, "\(counts)")
        // JUnit, GitHub and HTML say renamed too.
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("renamed") && !xml.contains("only in EXPECTED"), "\(xml)")
        let github = try runTool(["compare", expected.path, actual.path, "--report", "github"])
        #expect(github.stdout.contains("renamed"), "\(github.stdout)")
        let page = try String(contentsOf: html.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("renamed"))
        // --update moves the golden: EXPECTED then equals ACTUAL.
        let update = try runTool(["compare", expected.path, actual.path, "--update"])
        #expect(update.status == 0, "\(update)")
        #expect(FileManager.default.fileExists(atPath: expected.appendingPathComponent("numbers-vertical/last.png").path))
        #expect(!FileManager.default.fileExists(atPath: expected.appendingPathComponent("numbers-vertical/frame-0186.png").path))
        #expect(try runTool(["compare", expected.path, actual.path]).status == 0)
    }

    /// Both names of a renamed file come from a pull request: neither reaches a line raw.
    @Test func aRenamedFilesOldAndNewNamesAreEscaped() throws {
        let (_, expected, actual) = try Self.twoCopies()
        let hostile = "::error::old\u{1B}[2J"
        try FileManager.default.moveItem(
            at: expected.appendingPathComponent("numbers-vertical/frame-0186.png"), to: expected.appendingPathComponent("\(hostile).png"))
        try FileManager.default.moveItem(
            at: actual.appendingPathComponent("numbers-vertical/frame-0186.png"), to: actual.appendingPathComponent("\(hostile)-new.png"))
        let run = try runTool(["compare", expected.path, actual.path, "--verbose"])
        #expect(run.status == 1 && run.stdout.contains("renamed from"), "\(run)")
        #expect(!run.stdout.unicodeScalars.contains("\u{1B}"), "\(run.stdout.debugDescription)")
        #expect(!run.stdout.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("::") }, "\(run.stdout)")
    }

    /// Equal bytes skip decoding, not the checks on what the bytes are.
    ///
    /// The same text named `.png` on both sides is refused (exit 2, naming the file) as a pair that differs would be;
    /// the same APNG on both sides matches as the animation it is. The header and the animation check are read from
    /// the bytes already in memory.
    @Test(arguments: ["animated", "not a PNG"])
    func equalBytesAreStillCheckedForWhatTheyAre(_ kind: String) throws {
        let (_, expected, actual) = try Self.twoCopies()
        let name = "numbers-vertical/frame-0003.png"
        if kind == "animated" {
            let animation = expected.deletingLastPathComponent().appendingPathComponent("apng")
            let run = try runTool(["render", fixture("numbers-vertical.json"), "-o", animation.path, "--format", "apng", "-q"])
            try #require(run.status == 0, "\(run)")
            let bytes = try Data(contentsOf: animation.appendingPathComponent("numbers-vertical/numbers-vertical.png"))
            try bytes.write(to: expected.appendingPathComponent(name))
            try bytes.write(to: actual.appendingPathComponent(name))
        } else {
            try Data("not a picture".utf8).write(to: expected.appendingPathComponent(name))
            try Data("not a picture".utf8).write(to: actual.appendingPathComponent(name))
        }
        let run = try runTool(["compare", expected.path, actual.path, "--verbose"])
        if kind == "animated" {
            // Two equal animations are one animation: a match, sized from its header.
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("All 187 files match"), "\(run)")
        } else {
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr.contains("frame-0003.png") && run.stderr.contains("PNG"), "\(run)")
        }
    }

    /// Two equal animated WebPs match from their bytes and VP8X header alone: their frames are not decoded (here the
    /// frame data is cut the same way on both sides, which decoding refuses).
    @Test func equalWebPsMatchWithoutDecoding() throws {
        let work = try temporaryFolder()
        let run = try runTool(["render", fixture("numbers-vertical.json"), "-o", work.path, "--format", "webp", "-q"])
        try #require(run.status == 0, "\(run)")
        var bytes = try Data(contentsOf: work.appendingPathComponent("numbers-vertical/numbers-vertical.webp"))
        bytes.replaceSubrange((bytes.count - 200)..<bytes.count, with: Data(repeating: 0, count: 200))
        for side in ["expected", "actual"] {
            let folder = work.appendingPathComponent("\(side)/numbers-vertical")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try bytes.write(to: folder.appendingPathComponent("numbers-vertical.webp"))
        }
        let equal = try runTool(["compare", work.appendingPathComponent("expected").path, work.appendingPathComponent("actual").path])
        #expect(equal.status == 0 && equal.stdout.contains("The file matches"), "\(equal)")
        // The same damaged file against the intact one is decoded, and refused.
        let intact = work.appendingPathComponent("numbers-vertical/numbers-vertical.webp")
        let decoded = try runTool([
            "compare", intact.path, work.appendingPathComponent("actual/numbers-vertical/numbers-vertical.webp").path,
        ])
        #expect(decoded.status == 2, "\(decoded)")
    }
}
