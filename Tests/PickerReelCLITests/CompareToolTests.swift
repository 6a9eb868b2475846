import Foundation
import TestSupport
import Testing

/// `pickerreel compare` through the built tool: exit statuses, the JSON report, bad input, and diff pictures.
@Suite("pickerreel compare")
struct CompareToolTests {
    /// Renders the seed demo at `time` into `folder/name` with the tool itself, and returns the path.
    func seedFrame(at time: Double, in folder: URL, named name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let run = try runTool(["frame", fixture("seed-demo.json"), "--time", "\(time)", "-o", path])
        #expect(run.status == 0, "\(run.stderr)")
        return path
    }

    /// The JSON report's `files` array.
    func reportedFiles(_ run: ProcessRun) throws -> [[String: Any]] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(report["files"] as? [[String: Any]])
    }

    /// The width and height in a PNG's header.
    func pngSize(_ path: String) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let number = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func identicalPicturesExitZero() throws {
        let folder = try temporaryFolder()
        let first = try seedFrame(at: 0.78, in: folder, named: "a.png")
        let second = try seedFrame(at: 0.78, in: folder, named: "b.png")
        let run = try runTool(["compare", first, second])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "The file matches (yiq, threshold 0.02, no differing pixel allowed).\n")
    }

    @Test func differentPicturesExitOneWithTheFiguresInTheJSONReport() throws {
        let folder = try temporaryFolder()
        let expected = try seedFrame(at: 0, in: folder, named: "a.png")
        let actual = try seedFrame(at: 0.78, in: folder, named: "b.png")
        let run = try runTool(["compare", expected, actual, "--report", "json"])
        #expect(run.status == 1, "\(run.stderr)")
        let files = try reportedFiles(run)
        #expect(files.count == 1)
        let file = try #require(files.first)
        #expect(file["path"] as? String == "a.png")
        #expect(file["status"] as? String == "differs")
        #expect(file["match"] as? Bool == false)
        let different = try #require(file["differentPixels"] as? Int)
        let width = try #require(file["width"] as? Int)
        let height = try #require(file["height"] as? Int)
        #expect(different > 100)
        let ratio = try #require(file["ratio"] as? Double)
        #expect(abs(ratio - Double(different) / Double(width * height)) < 1e-12)

        // The same pair within a tolerance that covers it matches.
        let tolerant = try runTool(["compare", expected, actual, "--max-diff-pixels", "\(different)"])
        #expect(tolerant.status == 0, "\(tolerant.stdout)")
    }

    @Test func picturesOfDifferentSizesExitOneGivingBothSizes() throws {
        let folder = try temporaryFolder()
        let expected = try seedFrame(at: 0, in: folder, named: "a.png")
        let actual = folder.appendingPathComponent("b.png").path
        #expect(try runTool(["frame", fixture("numbers-vertical.json"), "--time", "0", "-o", actual]).status == 0)
        let run = try runTool(["compare", expected, actual, "--report", "json"])
        #expect(run.status == 1)
        let file = try #require(try reportedFiles(run).first)
        #expect(file["status"] as? String == "size-changed")
        let expectedSize = try #require(file["expectedSize"] as? [String: Int])
        let actualSize = try #require(file["actualSize"] as? [String: Int])
        #expect(expectedSize["width"] == 438 && actualSize["width"] != 438)
    }

    @Test func foldersWithAFileMissingOnOneSideExitOne() throws {
        let folder = try temporaryFolder()
        let expected = folder.appendingPathComponent("expected")
        let actual = folder.appendingPathComponent("actual")
        try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: actual, withIntermediateDirectories: true)
        _ = try seedFrame(at: 0, in: expected, named: "start.png")
        _ = try seedFrame(at: 0.78, in: expected, named: "moving.png")
        _ = try seedFrame(at: 0, in: actual, named: "start.png")
        let run = try runTool(["compare", expected.path, actual.path, "--report", "json"])
        #expect(run.status == 1, "\(run.stderr)")
        let files = try reportedFiles(run)
        #expect(files.map { $0["path"] as? String } == ["moving.png", "start.png"])
        #expect(files.first?["status"] as? String == "removed")
        #expect(files.last?["match"] as? Bool == true)
    }

    @Test func aCorruptPNGExitsTwoNamingTheFile() throws {
        let folder = try temporaryFolder()
        let good = try seedFrame(at: 0, in: folder, named: "good.png")
        let corrupt = folder.appendingPathComponent("corrupt.png")
        // A real PNG cut off after its header: the signature is right, the pixels are missing.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        try bytes.prefix(40).write(to: corrupt)
        let run = try runTool(["compare", good, corrupt.path])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("pickerreel: error: \(corrupt.path): "), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func diffWritesThePictureOfTheDifferences() throws {
        let folder = try temporaryFolder()
        let expected = try seedFrame(at: 0, in: folder, named: "a.png")
        let actual = try seedFrame(at: 0.78, in: folder, named: "b.png")
        let diff = folder.appendingPathComponent("out/diff.png").path
        let run = try runTool(["compare", expected, actual, "--diff", diff])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("diff in \(diff)"))
        let size = try pngSize(diff)
        let source = try pngSize(expected)
        #expect(size.width == source.width && size.height == source.height)

        // Matching pictures get no diff picture.
        let same = folder.appendingPathComponent("same.png").path
        #expect(try runTool(["compare", expected, expected, "--diff", same]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: same))
    }
}
