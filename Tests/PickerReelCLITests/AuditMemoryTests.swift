import Foundation
import TestSupport
import Testing

/// `audit` and `render --audit` through the built binary on a tiny spec whose glyph boxes are nearly the whole canvas
/// (64 narrow segments, a 512 pt font, no labels): what they hold follows the ink drawn, not the boxes, and an audit
/// that cannot fit `--memory` is refused up front (exit 2, one message naming the spec and `--memory`).
@Suite("audit's memory follows the ink, within --memory")
struct AuditMemoryTests {
    /// 64 label-less items in segments 8 pt wide, each glyph box widened by half the 512 pt font (issue 35's finding).
    static func wideBoxes(scale: Int) -> String {
        let items = (0..<64).map { #"{"value": "i\#($0)", "label": ""}"# }.joined(separator: ", ")
        return """
            {"items": [\(items)],
             "style": {"spacing": 0, "padding": 0, "segmentPadding": 4, "font": {"size": 512},
                       "selectedLabel": {"color": "#FFFFFF"}, "highlight": {"color": "#0058C4", "opacity": 1}},
             "animation": {"duration": 0.1}, "output": {"fps": 1, "scale": \(scale)}}
            """
    }

    /// The peak resident memory GNU time reports (`-f %M`, KiB) on the last line of `stderr`, in bytes.
    static func peakBytes(_ stderr: String) -> Int? {
        stderr.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { $0 * 1024 }
    }

    @Test("Label-less segments whose boxes cover the canvas audit within 400 MB (it took 1.2 GB and more)")
    func wideBoxesAuditWithinBound() throws {
        let folder = try temporaryFolder()
        let spec = try writeSpec(Self.wideBoxes(scale: 4), named: "wide.json", in: folder)
        let report = folder.appendingPathComponent("audit.json").path
        let run = try runShell(
            #"exec /usr/bin/time -f %M "$PICKERREEL" audit "# + "'\(spec)' --report 'json=\(report)'",
            timeLimit: defaultTimeLimit)
        #expect(run.status == 0, "\(run.stderr)")
        let peak = try #require(Self.peakBytes(run.stderr), "no peak memory in \(run.stderr)")
        #expect(peak < 400_000_000, "peak resident memory \(peak) bytes")
        // Both frames audited, and nothing measured: no label has text, no icon, no selection shows the highlight.
        let json = try String(contentsOfFile: report, encoding: .utf8)
        #expect(json.contains(#""frames" : 2"#), "\(json)")
        #expect(json.contains(#""passed" : true"#), "\(json)")
        #expect(!json.contains(#""text""#) && !json.contains(#""highlight""#), "\(json)")
    }

    @Test("render --audit of the same spec writes its frames within 400 MB")
    func wideBoxesRenderAuditWithinBound() throws {
        let folder = try temporaryFolder()
        let spec = try writeSpec(Self.wideBoxes(scale: 4), named: "wide.json", in: folder)
        let out = folder.appendingPathComponent("out").path
        let run = try runShell(
            #"exec /usr/bin/time -f %M "$PICKERREEL" render "# + "'\(spec)' --audit --force -j 1 --memory 512M -o '\(out)'",
            timeLimit: defaultTimeLimit)
        #expect(run.status == 0, "\(run.stderr)")
        let peak = try #require(Self.peakBytes(run.stderr), "no peak memory in \(run.stderr)")
        #expect(peak < 400_000_000, "peak resident memory \(peak) bytes")
        #expect(FileManager.default.fileExists(atPath: out + "/wide/pickerreel-manifest.json"))
    }

    @Test("An audit whose drawers and masks cannot fit --memory is refused up front: exit 2, the spec and --memory named")
    func auditOverBudgetRefused() throws {
        let folder = try temporaryFolder()
        let spec = try writeSpec(Self.wideBoxes(scale: 4), named: "wide.json", in: folder)
        let report = folder.appendingPathComponent("audit.json")
        let run = try runTool(["audit", spec, "--memory", "64M", "--report", "json=\(report.path)"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("wide.json"), "\(run.stderr)")
        #expect(run.stderr.contains("--memory"), "\(run.stderr)")
        #expect(run.stderr.contains("output.scale"), "\(run.stderr)")
        #expect(run.stderr.contains("measuring contrast"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: report.path), "a report was written")
        // The same spec fits the default budget.
        #expect(try runTool(["audit", spec, "--report", "json=\(report.path)"]).status == 0)
    }

    @Test("render --audit over --memory is refused before anything is written; render without --audit still runs")
    func renderAuditOverBudgetRefused() throws {
        let folder = try temporaryFolder()
        let spec = try writeSpec(Self.wideBoxes(scale: 4), named: "wide.json", in: folder)
        let out = folder.appendingPathComponent("out")
        let run = try runTool(["render", spec, "--audit", "--force", "--memory", "128M", "-o", out.path])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("wide.json"), "\(run.stderr)")
        #expect(run.stderr.contains("--memory"), "\(run.stderr)")
        #expect(run.stderr.contains("measuring contrast"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("wide").path), "a folder was written")
        #expect(try runTool(["render", spec, "--force", "--memory", "128M", "-o", out.path]).status == 0)
    }

    @Test("audit --memory takes render's sizes and says what it expects for anything else", arguments: ["10", "63M", "2T", "lots", ""])
    func badMemory(value: String) throws {
        let run = try runTool(["audit", fixture("seed-demo.json"), "--memory", value])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("--memory"), "\(run.stderr)")
        #expect(run.stderr.contains("at least 64M"), "\(run.stderr)")
    }

    @Test("audit --help lists --memory")
    func helpListsMemory() throws {
        let run = try runTool(["audit", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("--memory"), "\(run.stdout)")
    }
}
