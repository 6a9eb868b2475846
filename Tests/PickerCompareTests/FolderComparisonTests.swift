import Foundation
import PickerCompare
import PickerKit
import PickerRender
import TestSupport
import Testing

@Suite("Comparing files and folder trees")
struct FolderComparisonTests {
    /// Writes `picture` at `relative` under `root`, making folders.
    static func put(_ picture: RGBAImage, _ relative: String, in root: String) throws {
        let path = (root as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try PNGFixtures.write(picture, to: path)
    }

    @Test("two identical files match")
    func identicalFiles() throws {
        let directory = try TemporaryFolder()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("b.png"))
        let summary = try FolderComparison().compare(expected: directory.file("a.png"), actual: directory.file("b.png"))
        #expect(summary.status == .match)
        #expect(summary.files.map(\.path) == ["a.png"])
        #expect(summary.files.map(\.status) == [.match])
    }

    @Test("trees are matched by relative path at every depth; one side only is added or removed; hidden and non-PNG files are not compared")
    func trees() throws {
        let directory = try TemporaryFolder()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        for relative in ["a.png", "spec/frame-0000.png", "spec/deeper/frame-0001.png", ".hidden.png", ".staging/x.png"] {
            try Self.put(PNGFixtures.white, relative, in: expected)
        }
        // Other bytes than new/frame-0000.png's: the same bytes would be one file renamed.
        try Self.put(PNGFixtures.whiteWithBlackPixels(1), "gone.png", in: expected)
        for relative in ["a.png", "spec/frame-0000.png", "new/frame-0000.png", "notes.txt.png.txt"] {
            try Self.put(PNGFixtures.white, relative, in: actual)
        }
        try Self.put(PNGFixtures.whiteWithBlackPixels(2), "spec/deeper/frame-0001.png", in: actual)
        let summary = try FolderComparison().compare(expected: expected, actual: actual)
        #expect(summary.status == .differences)
        #expect(
            summary.files.map(\.path) == ["a.png", "gone.png", "new/frame-0000.png", "spec/deeper/frame-0001.png", "spec/frame-0000.png"])
        #expect(summary.files.map(\.status) == [.match, .removed, .added, .differs, .match])
        #expect(summary.files[1].outcome == .removed(ImageSize(width: 8, height: 6)))
        #expect(summary.files[1].expectedPath == (expected as NSString).appendingPathComponent("gone.png"))
        #expect(summary.files[1].actualPath == nil)
        #expect(summary.files[2].actualPath == (actual as NSString).appendingPathComponent("new/frame-0000.png"))
        #expect(summary.files[3].outcome.pixels?.differentPixels == 2)
        let counts: [Int] = [summary.count(.match), summary.count(.differs), summary.count(.added), summary.count(.removed)]
        #expect(counts == [2, 1, 1, 1])
    }

    @Test("the batch layout, one folder per spec, is compared spec by spec (it compared nothing before)")
    func batchLayout() throws {
        let directory = try TemporaryFolder()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        for spec in ["seed-demo", "numbers-vertical"] {
            for frame in 0..<3 {
                try Self.put(PNGFixtures.white, "\(spec)/frame-000\(frame).png", in: expected)
                try Self.put(
                    spec == "seed-demo" && frame == 2 ? PNGFixtures.whiteWithBlackPixels(1) : PNGFixtures.white,
                    "\(spec)/frame-000\(frame).png", in: actual)
            }
        }
        let summary = try FolderComparison().compare(expected: expected, actual: actual)
        #expect(summary.files.count == 6)
        #expect(summary.differingFiles.map(\.path) == ["seed-demo/frame-0002.png"])
    }

    @Test("two empty trees are not a match: nothing was compared")
    func emptyTrees() throws {
        let directory = try TemporaryFolder()
        let summary = try FolderComparison().compare(expected: try directory.folder("e"), actual: try directory.folder("a"))
        #expect(summary.status == .nothingCompared)
        #expect(!summary.matches)
    }

    @Test("pictures of different sizes are a size change with both sizes, apart from pixel differences")
    func sizeChange() throws {
        let directory = try TemporaryFolder()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(RGBAImage(width: 9, height: 7, filledWith: (255, 255, 255, 255)), to: directory.file("b.png"))
        let summary = try FolderComparison().compare(expected: directory.file("a.png"), actual: directory.file("b.png"))
        #expect(summary.files.first?.status == .sizeChanged)
        #expect(
            summary.files.first?.outcome == .sizeChanged(expected: ImageSize(width: 8, height: 6), actual: ImageSize(width: 9, height: 7)))
        #expect(summary.count(.differs) == 0)
    }

    @Test(
        "a file matches when its differing pixels are within the tolerance",
        arguments: [
            (Tolerance.exact, false), (.pixels(2), false), (.pixels(3), true), (.ratio(3.0 / 48.0), true), (.ratio(0.05), false),
        ])
    func tolerance(tolerance: Tolerance, matches: Bool) throws {
        let directory = try TemporaryFolder()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(PNGFixtures.whiteWithBlackPixels(3), to: directory.file("b.png"))
        let summary = try FolderComparison(tolerance: tolerance).compare(expected: directory.file("a.png"), actual: directory.file("b.png"))
        #expect(summary.matches == matches)
        #expect(summary.files.first?.outcome.pixels?.differentPixels == 3)
    }

    @Test("diff pictures go into the diff folder at each differing file's relative path, atomically")
    func diffFolder() throws {
        let directory = try TemporaryFolder()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        let diffs = directory.file("diffs/nested")
        try Self.put(PNGFixtures.white, "same.png", in: expected)
        try Self.put(PNGFixtures.white, "same.png", in: actual)
        try Self.put(PNGFixtures.white, "spec/changed.png", in: expected)
        try Self.put(PNGFixtures.whiteWithBlackPixels(1), "spec/changed.png", in: actual)

        let summary = try FolderComparison(diffPath: diffs).compare(expected: expected, actual: actual)
        #expect(summary.files.map(\.diffPath) == [nil, (diffs as NSString).appendingPathComponent("spec/changed.png")])
        #expect(try FileManager.default.contentsOfDirectory(atPath: diffs) == ["spec"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: diffs + "/spec") == ["changed.png"])
        let diff = try PNGFile.read((diffs as NSString).appendingPathComponent("spec/changed.png"))
        #expect(diff.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(diff.pixel(x: 1, y: 0) == (255, 255, 255, 255))
    }

    @Test("the diff of two files goes to the given file, replacing what was there")
    func diffFile() throws {
        let directory = try TemporaryFolder()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(PNGFixtures.whiteWithBlackPixels(2), to: directory.file("b.png"))
        try Data("old".utf8).write(to: URL(fileURLWithPath: directory.file("diff.png")))
        _ = try FolderComparison(diffPath: directory.file("diff.png")).compare(
            expected: directory.file("a.png"), actual: directory.file("b.png"))
        #expect(try PNGFile.read(directory.file("diff.png")).pixel(x: 1, y: 0) == (255, 0, 0, 255))
    }

    @Test("a corrupt PNG in a tree is an error naming the file")
    func corruptPNG() throws {
        let directory = try TemporaryFolder()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        try Self.put(PNGFixtures.white, "spec/a.png", in: expected)
        try FileManager.default.createDirectory(atPath: actual + "/spec", withIntermediateDirectories: true)
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: actual + "/spec/a.png"))
        let error = #expect(throws: CompareError.self) { try FolderComparison().compare(expected: expected, actual: actual) }
        #expect(error?.description == "\(actual)/spec/a.png: not a PNG image that can be read (it does not start with the PNG signature)")
    }

    @Test("a path that is not there, a file against a folder, a FIFO or a device is an error saying which")
    func badPaths() throws {
        let directory = try TemporaryFolder()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        let missing = #expect(throws: CompareError.self) {
            try FolderComparison().compare(expected: directory.file("a.png"), actual: directory.file("nope.png"))
        }
        #expect(missing?.description == "\(directory.file("nope.png")): no such file or folder")
        let mixed = #expect(throws: CompareError.self) {
            try FolderComparison().compare(expected: directory.file("a.png"), actual: directory.path)
        }
        #expect(mixed?.path == directory.file("a.png"))
        #expect(mkfifo(directory.file("fifo.png"), 0o644) == 0)
        let fifo = #expect(throws: CompareError.self) {
            try FolderComparison().compare(expected: directory.file("a.png"), actual: directory.file("fifo.png"))
        }
        #expect(fifo?.description.contains("it is a pipe or FIFO, not a regular file") == true)
        let device = #expect(throws: CompareError.self) {
            try FolderComparison().compare(expected: directory.file("a.png"), actual: "/dev/zero")
        }
        #expect(device?.description == "/dev/zero: it is a device, not a regular file")
    }

    @Test("a FIFO named *.png inside a tree is reported as a FIFO, without blocking")
    func fifoInTree() throws {
        let directory = try TemporaryFolder()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        try Self.put(PNGFixtures.white, "a.png", in: expected)
        #expect(mkfifo(actual + "/a.png", 0o644) == 0)
        let error = #expect(throws: CompareError.self) { try FolderComparison().compare(expected: expected, actual: actual) }
        #expect(error?.description == "\(actual)/a.png: it is a pipe or FIFO, not a regular file; save the picture to a file first")
    }

    /// Since issue 34 no link in a tree is followed: a loop is refused naming the link, never walked (before, a link
    /// to a folder was skipped in silence).
    @Test("a symbolic link to a folder is not followed, so a link loop cannot make the walk loop")
    func linkLoop() throws {
        let directory = try TemporaryFolder()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        try Self.put(PNGFixtures.white, "a.png", in: expected)
        try Self.put(PNGFixtures.white, "a.png", in: actual)
        try FileManager.default.createSymbolicLink(atPath: actual + "/loop", withDestinationPath: actual)
        let error = #expect(throws: CompareError.self) { try FolderComparison().compare(expected: expected, actual: actual) }
        #expect(error?.description.hasPrefix("\(actual)/loop: a symbolic link is on its path, and none is followed here") == true)
    }

    @Test("with allowsMissingExpected, a missing EXPECTED counts as empty: every actual file is added")
    func missingExpected() throws {
        let directory = try TemporaryFolder()
        let actual = try directory.folder("actual")
        try Self.put(PNGFixtures.white, "spec/a.png", in: actual)
        #expect(throws: CompareError.self) { try FolderComparison().compare(expected: directory.file("goldens"), actual: actual) }
        let summary = try FolderComparison().compare(expected: directory.file("goldens"), actual: actual, allowsMissingExpected: true)
        #expect(summary.files.map(\.status) == [.added])
    }

    @Test("diff pictures may not overwrite the pictures being compared, nor go inside an input tree")
    func diffOverInputs() throws {
        let directory = try TemporaryFolder()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(PNGFixtures.whiteWithBlackPixels(1), to: directory.file("b.png"))
        let overFolder = #expect(throws: CompareError.self) {
            try FolderComparison(diffPath: expected + "/.").compare(expected: expected, actual: actual)
        }
        #expect(overFolder?.description.contains("would overwrite the pictures being compared") == true)
        #expect(throws: CompareError.self) {
            try FolderComparison(diffPath: actual + "/diffs").compare(expected: expected, actual: actual)
        }
        #expect(throws: CompareError.self) {
            try FolderComparison(diffPath: directory.file("b.png")).compare(
                expected: directory.file("a.png"), actual: directory.file("b.png"))
        }
        #expect(try PNGFile.read(directory.file("b.png")) == PNGFixtures.whiteWithBlackPixels(1))
    }
}
