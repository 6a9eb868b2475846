import Foundation
import TestSupport
import Testing

/// The contact sheet is held to `--memory` by its own size, not a frame's: a sheet grows with the frames it shows
/// (found in the hostile pass after issue 34).
@Suite(
    "Memory budget: the contact sheet", .enabled(if: !builtWithSanitizer, "a sanitizer's shadow memory, not the pictures, sets the peak"))
struct SheetMemoryTests {
    /// 64 items and 1,000 changes at 60 fps and scale 0.25: 3,009 frames of 506 × 14 px, whose sheet (240 of them
    /// shown) is 1,654 × 15,523 px.
    static func manyFramesSpec() -> String {
        let items = (0..<64).map { "\"I\($0)\"" }.joined(separator: ",")
        let sequence = (0..<1_000).map { "{\"select\": \"I\(($0 * 7) % 64)\", \"after\": 0.05}" }.joined(separator: ",")
        return """
            {"items": [\(items)], "selection": {"initial": "I0", "sequence": [\(sequence)], "tail": 0.1},
             "animation": {"duration": 0.04}, "output": {"fps": 60, "scale": 0.25}}
            """
    }

    /// With `--memory 64M` the sheet is refused before anything is drawn, naming the spec, the size and the budget.
    ///
    /// On main it was drawn at a peak of 289 MB with `-j 1` (its cost counted a frame's 7,084 pixels), and 8 such
    /// specs with `-j 8` at 2.06 GB, each exit 0.
    @Test func aSheetLargerThanTheBudgetIsRefusedUpFront() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(Self.manyFramesSpec(), named: "many.json", in: work)
        let output = work.appendingPathComponent("out")
        let arguments = ["render", spec, "-f", "sheet", "-o", output.path, "-j", "1", "--memory", "64M"]
        let peak = try peakMemory(arguments + ["-q"])
        #expect(peak.status == 2)
        #expect(peak.peakBytes < 64 << 20, "peak \(peak.peakBytes) B with --memory 64M")
        let run = try runTool(arguments)
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.stderr.contains("many.json: output.scale: the sheet of 3009 frames of 506 × 14 px takes about "), "\(run.stderr)")
        #expect(run.stderr.contains("more than the memory budget (64 MiB; --memory)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("many").path), "nothing is written")
    }

    /// Within a budget that holds it, the sheet is drawn, and its peak stays within that budget.
    @Test func aSheetThatFitsStaysWithinTheBudget() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(Self.manyFramesSpec(), named: "many.json", in: work)
        let peak = try peakMemory([
            "render", spec, "-f", "sheet", "-o", work.appendingPathComponent("out").path, "-j", "1", "--memory", "512M", "-q",
        ])
        #expect(peak.status == 0)
        #expect(peak.peakBytes < 512 << 20, "peak \(peak.peakBytes) B with --memory 512M")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/many/many-sheet.png").path))
    }
}
