import Foundation
import PickerCompare
import PickerKit
import PickerRender
import TestSupport
import Testing

@Suite("Updating EXPECTED from ACTUAL")
struct UpdateTests {
    /// Every file under `root` with its bytes (folders as empty entries ending in `/`).
    static func contents(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return files }
        while let name = enumerator.nextObject() as? String {
            let path = (root as NSString).appendingPathComponent(name)
            if case .folder = FileKind.of(path) {
                files[name + "/"] = Data()
            } else {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    @Test("changed files are replaced, added copied (new folders made), removed deleted with the folders they empty; the rest untouched")
    func update() throws {
        let directory = try TemporaryFolder()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        try FolderComparisonTests.put(PNGFixtures.white, "same.png", in: expected)
        try FolderComparisonTests.put(PNGFixtures.white, "same.png", in: actual)
        try FolderComparisonTests.put(PNGFixtures.white, "spec/changed.png", in: expected)
        try FolderComparisonTests.put(PNGFixtures.whiteWithBlackPixels(4), "spec/changed.png", in: actual)
        try FolderComparisonTests.put(PNGFixtures.white, "old-spec/gone.png", in: expected)
        try FolderComparisonTests.put(PNGFixtures.whiteWithBlackPixels(1), "new-spec/deep/new.png", in: actual)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: expected + "/README.txt"))
        let sameBefore = try Data(contentsOf: URL(fileURLWithPath: expected + "/same.png"))

        let summary = try FolderComparison().compare(expected: expected, actual: actual)
        let changes = try ExpectedUpdate.apply(summary)
        #expect(
            changes == [
                ExpectedUpdate.Change(kind: .added, path: "new-spec/deep/new.png"),
                ExpectedUpdate.Change(kind: .removed, path: "old-spec/gone.png"),
                ExpectedUpdate.Change(kind: .replaced, path: "spec/changed.png"),
            ])
        #expect(try FolderComparison().compare(expected: expected, actual: actual).status == .match)
        let after = try Self.contents(expected)
        #expect(after["README.txt"] == Data("keep".utf8))
        #expect(after["same.png"] == sameBefore)
        #expect(after["old-spec/"] == nil)
        #expect(!after.keys.contains { $0.hasPrefix(".") })
    }

    @Test("a switch that fails part-way is undone: EXPECTED is exactly as it was, and no staging folder is left")
    func rollback() throws {
        let directory = try TemporaryFolder()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        // "a.png" is replaced first; then "sub/new.png" cannot be placed, because EXPECTED has a file named "sub".
        try FolderComparisonTests.put(PNGFixtures.white, "a.png", in: expected)
        try FolderComparisonTests.put(PNGFixtures.whiteWithBlackPixels(3), "a.png", in: actual)
        try FolderComparisonTests.put(PNGFixtures.white, "sub/new.png", in: actual)
        try FolderComparisonTests.put(PNGFixtures.whiteWithBlackPixels(1), "z.png", in: expected)
        try Data("a file, not a folder".utf8).write(to: URL(fileURLWithPath: expected + "/sub"))
        let before = try Self.contents(expected)

        let summary = try FolderComparison().compare(expected: expected, actual: actual)
        #expect(summary.differingFiles.map(\.path) == ["a.png", "sub/new.png", "z.png"])
        let error = #expect(throws: CompareError.self) { try ExpectedUpdate.apply(summary) }
        #expect(error?.description.contains("nothing was changed") == true)
        #expect(try Self.contents(expected) == before)
    }

    @Test("a missing EXPECTED tree is made from ACTUAL")
    func firstRecording() throws {
        let directory = try TemporaryFolder()
        let actual = try directory.folder("actual")
        try FolderComparisonTests.put(PNGFixtures.white, "spec/frame-0000.png", in: actual)
        let goldens = directory.file("goldens")
        let summary = try FolderComparison().compare(expected: goldens, actual: actual, allowsMissingExpected: true)
        #expect(try ExpectedUpdate.apply(summary) == [ExpectedUpdate.Change(kind: .added, path: "spec/frame-0000.png")])
        #expect(try FolderComparison().compare(expected: goldens, actual: actual).status == .match)
    }

    @Test("two files: the expected file becomes the actual one")
    func singleFile() throws {
        let directory = try TemporaryFolder()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("golden.png"))
        try PNGFixtures.write(PNGFixtures.whiteWithBlackPixels(2), to: directory.file("render.png"))
        let summary = try FolderComparison().compare(expected: directory.file("golden.png"), actual: directory.file("render.png"))
        #expect(try ExpectedUpdate.apply(summary) == [ExpectedUpdate.Change(kind: .replaced, path: "golden.png")])
        #expect(try PNGFile.read(directory.file("golden.png")) == PNGFixtures.whiteWithBlackPixels(2))
    }
}
