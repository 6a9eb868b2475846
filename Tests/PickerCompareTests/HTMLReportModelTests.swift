import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerCompare

/// How the HTML report groups pictures into spec-variants, orders them, finds holds, and copies and escapes.
@Suite("HTML report: spec-variants, holds, copies")
struct HTMLReportModelTests {
    /// Frames are read from the names `render` and `assertPickerSnapshot` give; anything else stands alone.
    @Test func framesAreGroupedAsRenderAndSnapshotsNameThem() {
        typealias Name = HTMLReport.FrameName
        #expect(Name.parse("seed-demo/frame-0005.png") == Name(spec: "seed-demo", index: 5))
        #expect(Name.parse("pickers/period-dark-rtl@3x/frame-0101.png") == Name(spec: "pickers/period-dark-rtl@3x", index: 101))
        #expect(Name.parse("__Snapshots__/T/period-dark.0.500s.png") == Name(spec: "__Snapshots__/T/period-dark", seconds: 0.5))
        #expect(Name.parse("period-dark/period-dark.1.250s.png") == Name(spec: "period-dark", seconds: 1.25))
        #expect(Name.parse("frame-0003.png") == Name(spec: "frame", index: 3))
        #expect(Name.parse("shots/logo.png") == Name(spec: "shots/logo.png"))
        #expect(Name.parse("shots/frame-x.png") == Name(spec: "shots/frame-x.png"))
        #expect(Name.parse("shots/v1.2s.png") == Name(spec: "shots/v1.2s.png"))
    }

    /// Consecutive frames with equal digests are one hold; a change back to an earlier picture starts a new one.
    @Test func holdsAreRunsOfEqualDigests() {
        #expect(HTMLReport.ChangedSpec.holds([1, 1, 2, 2, 2, 3, 1]) == [0..<2, 2..<5, 5..<6, 6..<7])
        #expect(HTMLReport.ChangedSpec.holds([Int]()) == [])
        #expect(HTMLReport.ChangedSpec.holds([7]) == [0..<1])
    }

    /// Changed pictures before removed before added, the largest change first; matching spec-variants are left out.
    @Test func changedSpecsAreInReviewOrder() {
        let size = ImageSize(width: 10, height: 10)
        func compared(_ path: String, _ pixels: Int, tolerance: Int = 0) -> FileComparison {
            FileComparison(
                path: path, outcome: .compared(PixelComparison(differentPixels: pixels, antialiasedPixels: 0, size: size)),
                matches: pixels <= tolerance)
        }
        let files = [
            FileComparison(path: "added/frame-0000.png", outcome: .added(size), matches: false),
            compared("big/frame-0000.png", 0), compared("big/frame-0001.png", 90),
            FileComparison(path: "gone/frame-0000.png", outcome: .removed(size), matches: false),
            compared("same/frame-0000.png", 0), compared("small/frame-0001.png", 3), compared("small/frame-0000.png", 5),
        ]
        let specs = HTMLReport.ChangedSpec.changed(in: files)
        #expect(specs.map(\.name) == ["big", "small", "gone", "added"])
        #expect(specs[1].frames.map(\.path) == ["small/frame-0000.png", "small/frame-0001.png"])
        #expect(specs[0].finding == "1 of 2 frames differs, first at 0.033 s, largest 90 pixels at 0.033 s")
        #expect(specs[1].finding == "2 of 2 frames differ, first at 0.000 s, largest 5 pixels at 0.000 s")
        #expect(specs[2].finding == "1 of 1 frame differs (1 removed), first at 0.000 s")
    }

    /// A hold's pictures are copied once; names with HTML's special characters cannot end the page's JSON block.
    @Test func holdsAreCopiedOnceAndNamesEscaped() throws {
        let directory = try TemporaryFolder()
        let name = #"a"<b>&c"#
        for side in ["expected", "actual"] {
            let folder = try directory.folder("\(side)/\(name)")
            for frame in 0..<4 {
                // Frames 0–2 hold one change; frame 3 another.
                let picture = side == "expected" ? PNGFixtures.white : PNGFixtures.whiteWithBlackPixels(frame < 3 ? 2 : 4)
                try PNGFixtures.write(picture, to: "\(folder)/frame-000\(frame).png")
            }
        }
        let summary = try FolderComparison(diffPath: directory.file("diffs"))
            .compare(expected: directory.file("expected"), actual: directory.file("actual"))
        let page = try String(contentsOfFile: HTMLReport.write(summary, to: directory.file("report")), encoding: .utf8)
        let copied = try FileManager.default.contentsOfDirectory(atPath: directory.file("report/files/actual/\(name)")).sorted()
        #expect(copied == ["frame-0000.png", "frame-0003.png"])
        // The name reaches the page only inside the JSON the script reads (and writes as text): no `<` of its own.
        #expect(page.contains(#""name":"a\"\u003cb\u003e\u0026c""#))
        #expect(!page.contains("<b>"))
        #expect(!page.contains(name))
        #expect(page.contains(#"frames 0–2, same change"#))
        #expect(page.contains(#"[0,3,"differs","frames 0–2, same change","#))
    }
}
