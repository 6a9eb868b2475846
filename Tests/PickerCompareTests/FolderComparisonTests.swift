import Foundation
import PickerCompare
import PickerKit
import PickerRender
import Testing

@Suite("Comparing files and folders")
struct FolderComparisonTests {
    @Test("two identical files match")
    func identicalFiles() throws {
        let directory = try TemporaryDirectory()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("b.png"))
        let summary = try FolderComparison().compare(expected: directory.file("a.png"), actual: directory.file("b.png"))
        #expect(summary.matches)
        #expect(summary.files.map(\.name) == ["a.png"])
    }

    @Test("folders are compared by name, and a file missing on either side is a named difference")
    func foldersWithMissingFiles() throws {
        let directory = try TemporaryDirectory()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        for name in ["b.png", "a.png", "only-expected.png"] {
            try PNGFixtures.write(PNGFixtures.white, to: (expected as NSString).appendingPathComponent(name))
        }
        for name in ["a.png", "b.png", "only-actual.png"] {
            try PNGFixtures.write(PNGFixtures.white, to: (actual as NSString).appendingPathComponent(name))
        }
        // Not PNG files by name, so not compared.
        try Data("notes".utf8).write(to: URL(fileURLWithPath: (actual as NSString).appendingPathComponent("notes.txt")))

        let summary = try FolderComparison().compare(expected: expected, actual: actual)
        #expect(!summary.matches)
        #expect(summary.files.map(\.name) == ["a.png", "b.png", "only-actual.png", "only-expected.png"])
        #expect(summary.files[2].outcome == .missing(.expected))
        #expect(summary.files[3].outcome == .missing(.actual))
        #expect(summary.differingFiles.map(\.name) == ["only-actual.png", "only-expected.png"])
    }

    @Test("pictures of different sizes differ, with both sizes")
    func differentSizes() throws {
        let directory = try TemporaryDirectory()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(RGBAImage(width: 9, height: 7, filledWith: (255, 255, 255, 255)), to: directory.file("b.png"))
        let summary = try FolderComparison().compare(expected: directory.file("a.png"), actual: directory.file("b.png"))
        #expect(!summary.matches)
        #expect(
            summary.files.first?.outcome
                == .differentSizes(expected: ImageSize(width: 8, height: 6), actual: ImageSize(width: 9, height: 7)))
    }

    @Test(
        "a file matches when its differing pixels are within the tolerance",
        arguments: [
            (Tolerance.exact, false), (.pixels(2), false), (.pixels(3), true), (.ratio(3.0 / 48.0), true), (.ratio(0.05), false),
        ])
    func tolerance(tolerance: Tolerance, matches: Bool) throws {
        let directory = try TemporaryDirectory()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(PNGFixtures.whiteWithBlackPixels(3), to: directory.file("b.png"))
        let summary = try FolderComparison(tolerance: tolerance).compare(expected: directory.file("a.png"), actual: directory.file("b.png"))
        #expect(summary.matches == matches)
        #expect(summary.files.first?.outcome.pixels?.differentPixels == 3)
    }

    @Test("diff pictures are written into the diff folder for the files that differ, atomically")
    func diffFolder() throws {
        let directory = try TemporaryDirectory()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        let diffs = directory.file("diffs/nested")
        try PNGFixtures.write(PNGFixtures.white, to: (expected as NSString).appendingPathComponent("same.png"))
        try PNGFixtures.write(PNGFixtures.white, to: (actual as NSString).appendingPathComponent("same.png"))
        try PNGFixtures.write(PNGFixtures.white, to: (expected as NSString).appendingPathComponent("changed.png"))
        try PNGFixtures.write(PNGFixtures.whiteWithBlackPixels(1), to: (actual as NSString).appendingPathComponent("changed.png"))

        let summary = try FolderComparison(diffPath: diffs).compare(expected: expected, actual: actual)
        #expect(summary.files.map(\.diffPath) == [(diffs as NSString).appendingPathComponent("changed.png"), nil])
        // Only the finished file is left: no temporary names.
        #expect(try FileManager.default.contentsOfDirectory(atPath: diffs) == ["changed.png"])

        let diff = try PNGFile.read((diffs as NSString).appendingPathComponent("changed.png"))
        #expect(diff.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(diff.pixel(x: 1, y: 0) == (255, 255, 255, 255))
    }

    @Test("the diff of two files goes to the given file, replacing what was there")
    func diffFile() throws {
        let directory = try TemporaryDirectory()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(PNGFixtures.whiteWithBlackPixels(2), to: directory.file("b.png"))
        try Data("old".utf8).write(to: URL(fileURLWithPath: directory.file("diff.png")))
        _ = try FolderComparison(diffPath: directory.file("diff.png")).compare(
            expected: directory.file("a.png"), actual: directory.file("b.png"))
        let diff = try PNGFile.read(directory.file("diff.png"))
        #expect(diff.pixel(x: 1, y: 0) == (255, 0, 0, 255))
    }

    @Test("a corrupt PNG is an error naming the file")
    func corruptPNG() throws {
        let directory = try TemporaryDirectory()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("good.png"))
        var bytes = try PNGFile.encode(PNGFixtures.white)
        bytes.removeLast(bytes.count / 2)
        try Data(bytes).write(to: URL(fileURLWithPath: directory.file("broken.png")))
        let error = #expect(throws: CompareError.self) {
            try FolderComparison().compare(expected: directory.file("good.png"), actual: directory.file("broken.png"))
        }
        #expect(error?.path == directory.file("broken.png"))
        #expect(error?.description.hasPrefix(directory.file("broken.png")) == true)
    }

    @Test("a file that is not a PNG at all is an error naming it")
    func notPNG() throws {
        let directory = try TemporaryDirectory()
        try Data("hello".utf8).write(to: URL(fileURLWithPath: directory.file("text.png")))
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("good.png"))
        let error = #expect(throws: CompareError.self) {
            try FolderComparison().compare(expected: directory.file("text.png"), actual: directory.file("good.png"))
        }
        #expect(error?.description.contains("text.png: not a PNG") == true)
    }

    @Test("a path that is not there, or a file against a folder, is an error")
    func badPaths() throws {
        let directory = try TemporaryDirectory()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        let missing = #expect(throws: CompareError.self) {
            try FolderComparison().compare(expected: directory.file("a.png"), actual: directory.file("nope.png"))
        }
        #expect(missing?.description == "\(directory.file("nope.png")): no such file or folder")
        let mixed = #expect(throws: CompareError.self) {
            try FolderComparison().compare(expected: directory.file("a.png"), actual: directory.path)
        }
        #expect(mixed?.path == directory.file("a.png"))
    }

    @Test("diff pictures may not overwrite the pictures being compared")
    func diffOverInputs() throws {
        let directory = try TemporaryDirectory()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(PNGFixtures.whiteWithBlackPixels(1), to: directory.file("b.png"))

        let overFolder = #expect(throws: CompareError.self) {
            try FolderComparison(diffPath: expected + "/.").compare(expected: expected, actual: actual)
        }
        #expect(overFolder?.description.contains("would overwrite the pictures being compared") == true)
        #expect(throws: CompareError.self) {
            try FolderComparison(diffPath: directory.file("b.png")).compare(
                expected: directory.file("a.png"), actual: directory.file("b.png"))
        }
        // The golden is untouched.
        #expect(try PNGFile.read(directory.file("b.png")) == PNGFixtures.whiteWithBlackPixels(1))
    }
}
