import AnimationTestSupport
import Foundation
import TestSupport
import Testing

/// The HTML report of `pickerreel compare --report html` as a reviewer sees it: made by the built tool from two
/// renders, opened from file:// in Debian's Chromium through Playwright (Browser/html_report_check.py), at
/// 1280×800.
@Suite("pickerreel compare --report html in Chromium", .serialized)
struct CompareHTMLReportBrowserTests {
    /// EXPECTED and ACTUAL as a design-system change makes them: the seed demo's highlight turned red (every frame
    /// differs, its holds with the same change), one frame of numbers-vertical swapped and one removed, and a new
    /// spec's frame added.
    func reviewedChange(in folder: URL) throws -> (expected: URL, actual: URL) {
        let expected = folder.appendingPathComponent("expected")
        let actual = folder.appendingPathComponent("actual")
        let changed = folder.appendingPathComponent("changed/seed-demo.json")
        try FileManager.default.createDirectory(at: changed.deletingLastPathComponent(), withIntermediateDirectories: true)
        let seed = try String(contentsOfFile: fixture("seed-demo.json"), encoding: .utf8)
        #expect(seed.contains(#""color": "gray""#))
        try Data(seed.replacingOccurrences(of: #""color": "gray""#, with: #""color": "red""#).utf8).write(to: changed)
        for (output, seedSpec) in [(expected, fixture("seed-demo.json")), (actual, changed.path)] {
            let run = try runTool(["render", seedSpec, fixture("numbers-vertical.json"), "-o", output.path, "-q"])
            guard run.status == 0 else { throw RenderFailed(message: run.stderr) }
        }
        let files = FileManager.default
        let numbers = actual.appendingPathComponent("numbers-vertical")
        try files.removeItem(at: numbers.appendingPathComponent("frame-0007.png"))
        try files.removeItem(at: numbers.appendingPathComponent("frame-0003.png"))
        try files.copyItem(at: numbers.appendingPathComponent("frame-0030.png"), to: numbers.appendingPathComponent("frame-0003.png"))
        let added = actual.appendingPathComponent("new-spec")
        try files.createDirectory(at: added, withIntermediateDirectories: true)
        try files.copyItem(
            at: actual.appendingPathComponent("seed-demo/frame-0000.png"), to: added.appendingPathComponent("frame-0000.png"))
        return (expected, actual)
    }

    @Test(
        "the first screen shows thumbnails, changes first and the largest first; the filter, player, slider, onion skin and strip work; a hold is one entry"
    )
    func review() throws {
        let folder = try temporaryFolder()
        let (expected, actual) = try reviewedChange(in: folder)
        let report = folder.appendingPathComponent("report")
        let run = try runTool(["compare", expected.path, actual.path, "--report", "html", report.path])
        #expect(run.status == 1, "\(run.stderr)")
        let seen = try Playwright.check(["review", report.path, folder.appendingPathComponent("screen.png").path])

        #expect((seen["console"] as? [String]) == [], "the page logged: \(seen["console"] ?? "")")
        // The first screen has pictures: thumbnails inside the viewport, decoded.
        #expect((seen["firstScreenPictures"] as? Int ?? 0) >= 3, "\(seen)")

        // Changes to existing pictures before added ones, the largest change first.
        let cards = try #require(seen["cards"] as? [[String: Any]])
        #expect(cards.map { $0["name"] as? String } == ["seed-demo", "numbers-vertical", "new-spec"])
        #expect(cards.map { $0["badge"] as? String } == ["differs", "differs", "added"])
        let ranks = cards.compactMap { $0["rank"] as? Int }
        #expect(ranks == ranks.sorted())
        let largest = cards.prefix(2).compactMap { $0["largest"] as? Int }
        #expect(largest.count == 2 && largest[0] > largest[1], "\(largest)")
        let finding = cards.first?["finding"] as? String ?? ""
        #expect(finding.hasPrefix("102 of 102 frames differ, first at 0.000 s, largest "), "\(finding)")
        #expect((cards[1]["finding"] as? String ?? "").hasPrefix("2 of 187 frames differ (1 removed), first at 0.100 s"))

        // The filter: by name, then by status.
        let byName = try #require(seen["filteredByName"] as? [String: Any])
        #expect(byName["visible"] as? [String] == ["new-spec"])
        #expect(byName["shown"] as? String == "1")
        #expect(seen["unfiltered"] as? [String] == ["seed-demo", "numbers-vertical", "new-spec"])
        #expect(seen["withoutDiffers"] as? [String] == ["numbers-vertical", "new-spec"])
        #expect(seen["sectionsWithoutDiffers"] as? [String] == ["numbers-vertical", "new-spec"])

        // The animations play side by side; the slider wipes and the onion skin fades.
        let player = try #require(seen["player"] as? [String: Any])
        #expect(player["playing"] as? String == "yes")
        #expect(player["frameBefore"] as? String != player["frameAfter"] as? String, "\(player)")
        #expect((player["expectedWidth"] as? Int ?? 0) > 0 && (player["actualWidth"] as? Int ?? 0) > 0)
        let slider = try #require(seen["slider"] as? [String: String])
        #expect(slider["before"] == "inset(0px 50% 0px 0px)" && slider["after"] == "inset(0px 80% 0px 0px)", "\(slider)")
        let onion = try #require(seen["onion"] as? [String: String])
        #expect(onion["before"] == "0.5" && onion["after"] == "0.2", "\(onion)")

        // The strip covers every frame once; each run of frames with the same pictures is one entry.
        let frameCount = try #require(seen["frameCount"] as? Int)
        #expect(frameCount == 102)
        let strip = try #require(seen["strip"] as? [[String: Any]])
        var next = 0
        for entry in strip {
            let frame = entry["frame"] as? Int ?? -1
            let count = entry["count"] as? Int ?? 0
            #expect(frame == next, "\(entry)")
            let label = entry["label"] as? String
            #expect(label == (count == 1 ? "frame \(frame)" : "frames \(frame)–\(frame + count - 1), same change"), "\(entry)")
            next = frame + count
        }
        #expect(next == frameCount)
        let holds = strip.filter { ($0["count"] as? Int ?? 0) > 1 }
        #expect(holds.count >= 4, "\(holds)")
        #expect(strip.count < frameCount - 30, "\(strip.count) entries for \(frameCount) frames")

        // Picking an entry shows its frame in the slider and onion skin, and stops the player.
        let picked = try #require(seen["picked"] as? [String: Any])
        #expect(picked["selected"] as? Bool == true)
        #expect(picked["playing"] as? String == "no")
        #expect(picked["viewSource"] as? String == picked["entrySource"] as? String, "\(picked)")
    }

    @Test("a report of 1,020 differing files in 515 spec-variants loads and paints in under 2 s, with pictures on its first screen")
    func thousandDifferingFiles() throws {
        let folder = try temporaryFolder()
        // The seed demo at scale 1 with its highlight turned red, every frame changed: five spec-variants of 102
        // frames, and 510 of one frame each (a design system's many small goldens).
        let seed = try String(contentsOfFile: fixture("seed-demo.json"), encoding: .utf8)
            .replacingOccurrences(of: #""scale": 2"#, with: #""scale": 1"#)
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs.appendingPathComponent("changed"), withIntermediateDirectories: true)
        let original = specs.appendingPathComponent("picker.json")
        let changed = specs.appendingPathComponent("changed/picker.json")
        try Data(seed.utf8).write(to: original)
        try Data(seed.replacingOccurrences(of: #""color": "gray""#, with: #""color": "red""#).utf8).write(to: changed)
        let expected = folder.appendingPathComponent("expected")
        let actual = folder.appendingPathComponent("actual")
        let files = FileManager.default
        for (spec, root) in [(original, expected), (changed, actual)] {
            let rendered = folder.appendingPathComponent("rendered-\(root.lastPathComponent)")
            let run = try runTool(["render", spec.path, "-o", rendered.path, "-q"])
            guard run.status == 0 else { throw RenderFailed(message: run.stderr) }
            let frames = rendered.appendingPathComponent("picker")
            try files.createDirectory(at: root, withIntermediateDirectories: true)
            for copy in 0..<5 {
                try files.copyItem(at: frames, to: root.appendingPathComponent("picker-\(copy)"))
            }
            for copy in 5..<10 {
                for frame in 0..<102 {
                    let single = root.appendingPathComponent("picker-\(copy)-\(frame)")
                    try files.createDirectory(at: single, withIntermediateDirectories: true)
                    try files.copyItem(
                        at: frames.appendingPathComponent(String(format: "frame-%04d.png", frame)),
                        to: single.appendingPathComponent("frame-0000.png"))
                }
            }
        }
        let report = folder.appendingPathComponent("report")
        let run = try runTool(["compare", expected.path, actual.path, "--report", "html", report.path])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("1020 of 1020 files differ"), "\(run.stdout.suffix(300))")

        let seen = try Playwright.check(["timing", report.path])
        let openings = try #require(seen["openings"] as? [[String: Any]])
        #expect(openings.count == 3)
        for opening in openings {
            #expect(opening["specs"] as? Int == 515)
            #expect(opening["frames"] as? Int == 1020)
            // The grid draws a page of cards at first, more as the reader scrolls.
            #expect((1...48).contains(opening["cards"] as? Int ?? 0), "\(opening)")
            #expect((opening["firstScreenPictures"] as? Int ?? 0) > 0, "\(opening)")
        }
        // The best of three openings: the page's own cost, not that of a machine busy with the other tests.
        let load = openings.compactMap { $0["load"] as? Double }.min() ?? .infinity
        let paint = openings.compactMap { $0["firstContentfulPaint"] as? Double }.min() ?? .infinity
        print(
            "HTML report of 1,020 differing files in 515 spec-variants: load \(Int(load)) ms, first contentful paint \(Int(paint)) ms (best of 3)"
        )
        #expect(load < 2000, "\(openings)")
        #expect(paint < 2000, "\(openings)")
    }
}

/// Runs Browser/html_report_check.py (Playwright driving /usr/bin/chromium) with a time limit, tried once more if it
/// stalls, and returns the JSON object it printed.
enum Playwright {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/html_report_check.py")

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func check(_ arguments: [String], seconds: Double = 180) throws -> [String: Any] {
        guard Chromium.path == "/usr/bin/chromium" else {
            throw Failed(
                description: "Debian's Chromium is not installed; `make test` installs it (scripts/install-dependencies.sh --test)")
        }
        var lastError = ""
        for _ in 0..<2 {
            let run = try runProgram("python3", [script.path] + arguments, timeLimit: seconds, timeoutFailsTest: false)
            if run.timedOut {
                lastError = "stalled for \(Int(seconds)) s"
                continue
            }
            guard run.status == 0,
                let object = try? JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
            else {
                throw Failed(description: "html_report_check.py \(arguments.first ?? "") exited \(run.status): \(run.stderr)\(run.stdout)")
            }
            return object
        }
        throw Failed(description: "html_report_check.py \(arguments.joined(separator: " ")): \(lastError), twice")
    }
}
