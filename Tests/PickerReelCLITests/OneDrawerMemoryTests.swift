import Foundation
import TestSupport
import Testing

/// Issue 34's memory rule for work that is one picture wide: a frame whose drawer alone needs more than `--memory`,
/// in any format, and a pair of still pictures whose comparison alone needs more, are refused up front, naming the
/// size and the budget; before, each ran "alone", over the budget.
///
/// Peaks are the tool's own resident memory (`peakMemory`), which includes the process's own 20–25 MB.
@Suite(
    "Memory budget: one drawer, one pair", .enabled(if: !builtWithSanitizer, "a sanitizer's shadow memory, not the pictures, sets the peak")
)
struct OneDrawerMemoryTests {
    /// The seed demo at font size 70 and scale 8: frames of 5,807 × 934 px, whose drawer (about 108 MB) does not
    /// fit in 64 MiB.
    static func hugeSpec() throws -> String {
        try String(contentsOfFile: fixture("seed-demo.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"scale\": 2", with: "\"scale\": 8")
            .replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": 10")
            .replacingOccurrences(of: "\"size\": 17", with: "\"size\": 70")
    }

    /// A folder holding `expected/x.png` and `actual/x.png`: two solid 2,048² px pictures of slightly different
    /// colours, written by Pillow.
    static func stillPair() throws -> URL {
        let work = try temporaryFolder()
        for (name, green) in [("expected", 0), ("actual", 9)] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(name), withIntermediateDirectories: true)
            let made = try runProcess(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", "-c",
                    "import sys; from PIL import Image; Image.new('RGBA', (2048, 2048), (200, \(green), 90, 255)).save(sys.argv[1])",
                    work.appendingPathComponent("\(name)/x.png").path,
                ])
            #expect(made.status == 0, "\(made)")
        }
        return work
    }

    /// Every format draws with a drawer of the canvas's size, so each is refused before anything is drawn.
    ///
    /// On main, with `--memory 64M -j 1`: the PNG frames were written at a peak of 114 MB, the animated SVG and the
    /// Lottie at 71 MB, each exit 0.
    @Test(arguments: ["png", "svg-animated", "lottie"])
    func aFrameLargerThanTheBudgetIsRefusedInEveryFormat(format: String) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(try Self.hugeSpec(), named: "huge.json", in: work)
        let output = work.appendingPathComponent("out")
        let arguments = ["render", spec, "-f", format, "-o", output.path, "-j", "1", "--memory", "64M"]
        let peak = try peakMemory(arguments + ["-q"])
        #expect(peak.status == 2)
        #expect(peak.peakBytes < 64 << 20, "\(format): peak \(peak.peakBytes) B with --memory 64M")
        let run = try runTool(arguments)
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.stderr.contains("huge.json: output.scale: drawing a frame of 5807 × 934 px takes about "), "\(run.stderr)")
        #expect(
            run.stderr.contains("more than the memory budget (64 MiB; --memory); give a larger --memory or lower output.scale"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("huge").path), "nothing is written")
    }

    /// The same spec within a budget that holds its drawer is drawn (the refusal is the budget's, not the size's).
    @Test func theSameFrameWithinALargerBudgetIsDrawn() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(try Self.hugeSpec(), named: "huge.json", in: work)
        let run = try runTool([
            "render", spec, "-f", "png", "--times", "0", "-o", work.appendingPathComponent("out").path, "-j", "1", "--memory", "256M",
        ])
        #expect(run.status == 0, "\(run)")
    }

    /// Two still PNGs of 2,048² px take about 84 MB to compare: with `--memory 64M` the pair is refused from the
    /// headers, before either is decoded, naming both files, the size and the budget.
    ///
    /// On main the pair was compared "alone": exit 1 at a peak of 89 MB.
    @Test func aPairOfStillsLargerThanTheBudgetIsRefusedUpFront() throws {
        let work = try Self.stillPair()
        let arguments = [
            "compare", work.appendingPathComponent("expected").path, work.appendingPathComponent("actual").path, "--memory", "64M",
        ]
        let peak = try peakMemory(arguments)
        #expect(peak.status == 2)
        #expect(peak.peakBytes < 64 << 20, "peak \(peak.peakBytes) B with --memory 64M")
        let run = try runTool(arguments)
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.stderr.contains("expected/x.png: comparing it with "), "\(run.stderr)")
        #expect(run.stderr.contains("two pictures of 2048 × 2048 px, takes about "), "\(run.stderr)")
        #expect(run.stderr.contains("more than the memory budget (64 MiB; --memory); give a larger --memory"), "\(run.stderr)")
    }

    /// The same pair within a budget that holds it is compared: exit 1, the pixels differ.
    @Test func theSamePairWithinALargerBudgetIsCompared() throws {
        let work = try Self.stillPair()
        let run = try runTool([
            "compare", work.appendingPathComponent("expected").path, work.appendingPathComponent("actual").path, "--memory", "256M",
        ])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("1 of 1 file differs"), "\(run)")
    }
}
