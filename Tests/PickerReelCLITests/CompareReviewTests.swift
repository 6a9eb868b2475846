import Foundation
import TestSupport
import Testing

/// compare reads like a review (issue 24, item 3): one corner-radius change in a spec with two variants gave 190
/// text lines, 190 annotations and a 190-row step summary; now each report speaks of the spec in each variant.
@Suite("pickerreel compare: a review by spec and variant")
struct CompareReviewTests {
    /// The spec of the issue's scenario, light and dark, with the highlight's corner radius given.
    static func spec(cornerRadius: Int) -> String {
        #"{"items":["Day","Week","Month","Year"],"selection":{"initial":"Day","sequence":[{"select":"Week","after":0.3},"#
            + #"{"select":"Year","after":0.8},{"select":"Month","after":0.6}],"tail":0.5},"#
            + #""style":{"highlight":{"cornerRadius":\#(cornerRadius)}},"variants":{"colorScheme":["light","dark"]},"output":{"fps":30,"scale":1}}"#
    }

    /// Goldens rendered with corner radius 8, the pull request's render with 12: every frame of both variants differs.
    static func cornerRadiusChange() throws -> (folder: URL, expected: URL, actual: URL, frames: Int) {
        let folder = try temporaryFolder()
        let spec = folder.appendingPathComponent("period.json")
        var outputs: [URL] = []
        for (radius, name) in [(8, "expected"), (12, "actual")] {
            try Data(Self.spec(cornerRadius: radius).utf8).write(to: spec)
            let output = folder.appendingPathComponent(name)
            let run = try runTool(["render", spec.path, "-o", output.path, "-q"])
            try #require(run.status == 0, "\(run.stderr)")
            outputs.append(output)
        }
        let frames = try FileManager.default.contentsOfDirectory(atPath: outputs[0].appendingPathComponent("period").path).filter {
            $0.hasSuffix(".png")
        }.count
        return (folder, outputs[0], outputs[1], frames)
    }

    @Test("text, GitHub annotations, step summary and JUnit: one line, annotation, row and test case per spec variant")
    func oneEntryPerSpecVariant() throws {
        let (folder, expected, actual, frames) = try Self.cornerRadiusChange()
        let line = #/^(period|period-dark): (\d+) of (\d+) frames differ, first at frame 0, largest (\d+) pixels at frame (\d+)$/#

        let text = try runTool(["compare", expected.path, actual.path])
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(text.stdout)")
        for (index, name) in ["period", "period-dark"].enumerated() {
            let match = try #require(lines[index].wholeMatch(of: line), "\(lines[index])")
            #expect(match.1 == name && Int(match.2) == frames && Int(match.3) == frames)
        }
        #expect(
            lines[2]
                == "\(2 * frames) of \(2 * frames) files differ: \(2 * frames) with differing pixels (yiq, threshold 0.02, no differing pixel allowed)."
        )

        // --verbose lists the frames, a hold with the same difference as one line.
        let verbose = try runTool(["compare", expected.path, actual.path, "--verbose"])
        let listed = verbose.stdout.split(separator: "\n").filter { $0.hasPrefix("  differs ") }
        #expect(listed.count < frames * 2, "\(verbose.stdout)")
        let hold = #/^  differs       period/frame-(\d{4})\.png … frame-(\d{4})\.png \((\d+) frames\): /#
        let holds = listed.compactMap { $0.firstMatch(of: hold) }
        #expect(!holds.isEmpty, "\(verbose.stdout)")
        for match in holds { #expect(Int(match.2)! - Int(match.1)! + 1 == Int(match.3)!) }

        // GitHub: an annotation per spec variant on its first differing golden, and a row per spec variant.
        let summary = folder.appendingPathComponent("summary.md")
        let junit = folder.appendingPathComponent("junit.xml")
        let json = folder.appendingPathComponent("report.json")
        let github = try runTool(
            [
                "compare", expected.path, actual.path, "--report", "github", "--report", "junit", junit.path, "--report",
                "json=\(json.path)",
            ],
            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        let annotations = github.stdout.split(separator: "\n")
        #expect(annotations.count == 2, "\(github.stdout)")
        #expect(
            annotations[0].hasPrefix(
                "::error file=\(expected.path)/period/frame-0000.png,title=pickerreel compare%3A period::period: \(frames) of \(frames) frames differ"
            ))
        #expect(
            annotations[1].hasPrefix("::error file=\(expected.path)/period-dark/frame-0000.png,title=pickerreel compare%3A period-dark::"))
        let rows = try String(contentsOf: summary, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(
            rows.count == 2 && rows[0].hasPrefix("| `period` | \(frames) of \(frames) frames differ, first at frame 0, largest "), "\(rows)"
        )

        // JUnit: a test case per spec variant; JSON: still every file, for the tools that read it.
        let document = try String(contentsOf: junit, encoding: .utf8)
        #expect(document.components(separatedBy: "<testcase ").count - 1 == 2)
        #expect(document.components(separatedBy: "<failure ").count - 1 == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        #expect((report["files"] as? [Any])?.count == 2 * frames)
    }
}
