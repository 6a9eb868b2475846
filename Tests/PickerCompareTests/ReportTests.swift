import Foundation
import FoundationXML
import PickerCompare
import Testing

@Suite("Reports")
struct ReportTests {
    static let summary = ComparisonSummary(
        expected: "goldens", actual: "out",
        files: [
            FileComparison(
                path: "spec/a.png",
                outcome: .compared(PixelComparison(differentPixels: 3, antialiasedPixels: 2, size: ImageSize(width: 8, height: 6))),
                matches: false, expectedPath: "goldens/spec/a.png", actualPath: "out/spec/a.png", diffPath: "diffs/spec/a.png"),
            FileComparison(
                path: "spec/b.png",
                outcome: .compared(PixelComparison(differentPixels: 0, antialiasedPixels: 1, size: ImageSize(width: 4, height: 4))),
                matches: true, expectedPath: "goldens/spec/b.png", actualPath: "out/spec/b.png"),
            FileComparison(
                path: "c.png", outcome: .sizeChanged(expected: ImageSize(width: 8, height: 6), actual: ImageSize(width: 9, height: 6)),
                matches: false, expectedPath: "goldens/c.png", actualPath: "out/c.png"),
            FileComparison(
                path: "d.png", outcome: .removed(ImageSize(width: 8, height: 6)), matches: false, expectedPath: "goldens/d.png"),
            FileComparison(
                path: "e, 100%.png", outcome: .added(ImageSize(width: 2, height: 2)), matches: false, actualPath: "out/e, 100%.png"),
        ])

    @Test("text: quiet shows a line per spec folder and per top-level file that does not match, and a summary; verbose every file")
    func text() {
        #expect(
            TextReport.text(Self.summary) == """
                size changed  c.png: the size changed from 8×6 px to 9×6 px (a layout change; pixels not compared)
                removed       d.png: only in EXPECTED (8×6 px)
                added         e, 100%.png: only in ACTUAL (2×2 px)
                spec: 1 of 2 files differs, first at a.png, largest 3 pixels at a.png; diffs in diffs/spec
                4 of 5 files differ: 1 with differing pixels, 1 size changed, 1 added, 1 removed (yiq, threshold 0.02, no differing pixel allowed).

                """)
        #expect(
            TextReport.text(Self.summary, verbose: true).contains(
                "\n  match         spec/b.png: 0 pixels differ (0%), 1 anti-aliased not counted\n"))
        let matching = ComparisonSummary(expected: "e", actual: "a", files: [Self.summary.files[1]])
        #expect(TextReport.text(matching) == "The file matches (yiq, threshold 0.02, no differing pixel allowed).\n")
        #expect(TextReport.text(ComparisonSummary(expected: "e", actual: "a", files: [])) == "Nothing compared: no PNG files in e or a.\n")
    }

    @Test("JSON: paths, counts, settings and a status per file, decodable")
    func json() throws {
        let text = try JSONReport(Self.summary).json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "differences")
        #expect(object["expected"] as? String == "goldens")
        let settings = try #require(object["settings"] as? [String: Any])
        #expect(settings["metric"] as? String == "yiq")
        #expect(settings["threshold"] as? Double == 0.02)
        #expect(settings["maxDiffPixels"] as? Int == 0)
        let counts = try #require(object["counts"] as? [String: Int])
        #expect(counts == ["files": 5, "match": 1, "differs": 1, "sizeChanged": 1, "added": 1, "removed": 1, "renamed": 0])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.map { $0["status"] as? String } == ["differs", "match", "size-changed", "removed", "added"])
        #expect(files[0]["diff"] as? String == "diffs/spec/a.png")
        #expect(files[0]["differentPixels"] as? Int == 3)
        #expect((files[2]["actualSize"] as? [String: Int]) == ["width": 9, "height": 6])
        #expect(files[2]["width"] == nil)
        #expect(files[3]["actual"] == nil)
        #expect(try JSONDecoder().decode(JSONReport.self, from: Data(text.utf8)) == JSONReport(Self.summary))
    }

    @Test("JUnit: well-formed XML, a test case per spec folder and top-level file, a failure for each that does not match")
    func junit() throws {
        let document = try XMLDocument(xmlString: JUnitReport.xml(Self.summary))
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 4)
        let failures = try document.nodes(forXPath: "//testcase/failure")
        #expect(failures.count == 4)
        let suite = try #require(try document.nodes(forXPath: "/testsuites").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "4")
        #expect(suite.attribute(forName: "failures")?.stringValue == "4")
        let first = try #require(failures.first as? XMLElement)
        #expect(
            first.attribute(forName: "message")?.stringValue
                == "c.png: size changed: the size changed from 8×6 px to 9×6 px (a layout change; pixels not compared)")
        #expect(first.stringValue?.contains("expected: goldens/c.png") == true)
        let spec = try #require(failures.last as? XMLElement)
        #expect(
            spec.attribute(forName: "message")?.stringValue
                == "spec: 1 of 2 files differs, first at a.png, largest 3 pixels at a.png; diffs in diffs/spec")
        #expect(spec.stringValue?.contains("differs spec/a.png: 3 pixels differ (6.25%)") == true)
        let lastCase = try #require(cases.last as? XMLElement)
        #expect(lastCase.attribute(forName: "name")?.stringValue == "spec")
        #expect(lastCase.attribute(forName: "file")?.stringValue == "goldens/spec/a.png")
    }

    @Test("GitHub: one ::error per spec folder or top-level file that does not match, on the golden when there is one, escaped")
    func annotations() {
        let lines = GitHubReport.annotations(Self.summary).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(
            lines[3]
                == "::error file=goldens/spec/a.png,title=pickerreel compare%3A spec::spec: 1 of 2 files differs, first at a.png, largest 3 pixels at a.png; diffs in diffs/spec. to accept: pickerreel compare goldens out --update"
        )
        #expect(
            lines[2].hasPrefix(
                "::error file=out/e%2C 100%25.png,title=pickerreel compare%3A e%2C 100%25.png::e, 100%25.png: added: only in ACTUAL"))
    }

    @Test("GitHub: never more annotations than GitHub shows for a step; the last sums up the rest")
    func annotationLimit() {
        let files = (0..<15).flatMap { spec in
            (0..<3).map { frame in
                FileComparison(
                    path: "spec-\(spec < 10 ? "0" : "")\(spec)/frame-000\(frame).png", outcome: .added(nil), matches: false,
                    actualPath: "out/x.png")
            }
        }
        let lines = GitHubReport.annotations(ComparisonSummary(expected: "goldens", actual: "out", files: files)).split(separator: "\n")
        #expect(lines.count == GitHubReport.annotationLimit)
        #expect(
            lines[8].hasPrefix(
                "::error file=out/x.png,title=pickerreel compare%3A spec-08::spec-08: 3 of 3 frames differ (3 added), first at frame 0"))
        #expect(
            lines[9]
                == "::error title=pickerreel compare%3A 6 more::6 more do not match: spec-09, spec-10, spec-11, spec-12, spec-13, spec-14 (see the step summary or the HTML report). to accept: pickerreel compare goldens out --update"
        )
    }

    @Test("GitHub step summary: a Markdown table of what does not match, never over 64 KB")
    func stepSummary() {
        let table = GitHubReport.stepSummary(Self.summary)
        #expect(table.hasPrefix("### pickerreel compare: 4 of 5 files differ"))
        #expect(table.contains("| `spec` | 1 of 2 files differs, first at a.png, largest 3 pixels at a.png |"))
        #expect(table.contains("| `e, 100%.png` | added: only in ACTUAL (2×2 px) |"))
        #expect(!table.contains("spec/b.png"))

        let many = ComparisonSummary(
            expected: "goldens", actual: "out",
            files: (0..<5000).map { index in
                FileComparison(path: "spec-\(index)/frame-\(index).png", outcome: .added(nil), matches: false, actualPath: "out/x.png")
            })
        let long = GitHubReport.stepSummary(many)
        #expect(long.utf8.count <= GitHubReport.summaryLimit)
        #expect(long.utf8.count > GitHubReport.summaryLimit - 200)
        #expect(long.contains("more that do not match"))
    }
}
