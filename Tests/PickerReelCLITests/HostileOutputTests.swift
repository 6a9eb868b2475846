import Foundation
import TestSupport
import Testing

/// Output that cannot command (issue 23, item 2): hostile file names, spec keys, item values and icon paths go
/// through every channel of the built tool (messages of validate, render and layout; compare's text, JSON, JUnit,
/// GitHub annotations, step summary and HTML; --update's lines), and nothing they print starts a workflow command,
/// carries a raw control character, breaks a message over two lines or turns into Markdown or HTML.
@Suite("Hostile names and values cannot command the output")
struct HostileOutputTests {
    /// Names a pull request can give its goldens (no `/`, no NUL: a file name cannot hold them).
    static let hostileNames = [
        "x\n::add-mask::secret\n",
        "x\n::error file=a::INJ",
        "cr\r::warning::w",
        "esc\u{1B}[31mred\u{1B}]0;title\u{07}",
        "::error::start",
        "  ::notice::indented",
        "##[add-mask]legacy",
        "%0A::error::percent",
        "pipe|cell|",
        "<script>alert(1)<img src=x onerror=alert(2)>",
        "`tick``s",
        "bidi\u{202E}gnp.exe",
        "csi\u{9B}31m del\u{7F}",
        "line\u{2028}separator",
        "[click](evil.example) www.evil.example *em* _u_",
        "tab\there",
    ]

    /// Workflow commands the runner would act on, from a line: `::name …::` after leading spaces, or the legacy
    /// `##[name …]` anywhere.
    static func startsCommand(_ line: Substring) -> Bool {
        line.drop { $0.isWhitespace }.hasPrefix("::")
    }

    /// Characters that must never be printed raw: C0 controls (but the newlines that end lines, and tabs where a
    /// format allows them), DEL, C1 controls, bidirectional overrides and isolates, line and paragraph separators.
    static func forbidden(_ scalar: Unicode.Scalar, allowsTab: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: return false
        case 0x09: return !allowsTab
        case 0x00..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Checks text the tool printed or wrote: no raw forbidden character, no legacy command, and no line that
    /// starts a workflow command unless `annotations` and it is one of the tool's own, whose fields the runner
    /// decodes without a line break.
    static func expectSafe(_ text: String, _ channel: String, annotations: Bool = false, allowsTab: Bool = false) {
        let bad = text.unicodeScalars.filter { forbidden($0, allowsTab: allowsTab) }
        #expect(bad.isEmpty, "\(channel): raw \(bad.map { String($0.value, radix: 16) }) in \(text.debugDescription)")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.contains("##["), "\(channel): a legacy command in \(line.debugDescription)")
            guard startsCommand(line) else { continue }
            #expect(annotations, "\(channel): a workflow command \(line.debugDescription)")
            guard annotations else { continue }
            // The runner's own parse (actions/runner ActionCommand.TryParseV2): `::` command [space properties] `::` data.
            let body = line.drop { $0.isWhitespace }.dropFirst(2)
            guard let end = body.range(of: "::") else {
                Issue.record("a workflow command without its closing '::': \(line.debugDescription)")
                continue
            }
            let info = body[..<end.lowerBound]
            let name = info.prefix { $0 != " " }
            #expect(["error", "notice"].contains(name), "\(channel): the command \(name) in \(line.debugDescription)")
            func decoded(_ value: Substring) -> String {
                value.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
                    .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
                    .replacingOccurrences(of: "%25", with: "%")
            }
            var keys: [String] = []
            for property in info.dropFirst(name.count).split(separator: ",") {
                let pair = property.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                keys.append(String(pair[0]))
                let value = pair.count == 2 ? decoded(pair[1]) : "\n"
                #expect(!value.contains { $0.isNewline }, "\(channel): \(property.debugDescription)")
            }
            #expect(Set(keys).isSubset(of: ["file", "title"]), "\(channel): properties \(keys) in \(line.debugDescription)")
            let data = decoded(body[end.upperBound...])
            #expect(!data.contains { $0.isNewline }, "\(channel): data of \(line.debugDescription)")
        }
    }

    /// Two trees whose every file differs, under hostile names at the root and in a hostile folder, with one
    /// golden removed and one picture added.
    static func hostileTrees() throws -> (folder: URL, expected: URL, actual: URL, paths: Set<String>) {
        let folder = try temporaryFolder()
        let first = folder.appendingPathComponent("a.png")
        let second = folder.appendingPathComponent("b.png")
        for (index, file) in [(0, first), (30, second)] {
            let run = try runTool(["frame", fixture("numbers-vertical.json"), "--index", "\(index)", "-o", file.path])
            try #require(run.status == 0, "\(run)")
        }
        let expected = folder.appendingPathComponent("expected")
        let actual = folder.appendingPathComponent("actual")
        let hostileFolder = hostileNames[0]
        var paths: Set<String> = []
        for root in [expected, actual] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(hostileFolder), withIntermediateDirectories: true)
        }
        var relative = hostileNames.map { $0 + ".png" }
        relative += ["frame-0000.png", "frame-0001.png"].map { hostileFolder + "/" + $0 }
        for path in relative {
            try FileManager.default.copyItem(at: first, to: expected.appendingPathComponent(path))
            try FileManager.default.copyItem(at: second, to: actual.appendingPathComponent(path))
            paths.insert(path)
        }
        // Other bytes than the added file's, which would make the two one renamed file (`CompareEqualFilesTests`).
        try FileManager.default.copyItem(at: second, to: expected.appendingPathComponent("##[add-mask]gone.png"))
        try FileManager.default.copyItem(at: first, to: actual.appendingPathComponent("::error::new\u{1B}[2J.png"))
        paths.formUnion(["##[add-mask]gone.png", "::error::new\u{1B}[2J.png"])
        return (folder, expected, actual, paths)
    }

    @Test("compare's text, JSON, JUnit, GitHub, step summary, HTML and --update lines with hostile golden names")
    func compareChannels() throws {
        let (folder, expected, actual, paths) = try Self.hostileTrees()
        for arguments in [[], ["--verbose"]] {
            let run = try runTool(["compare", expected.path, actual.path] + arguments)
            #expect(run.status == 1, "\(run.stderr)")
            Self.expectSafe(run.stdout, "text \(arguments)")
            Self.expectSafe(run.stderr, "text's stderr \(arguments)")
        }

        // GitHub: standard output carries only the tool's own annotations.
        let summary = folder.appendingPathComponent("summary.md")
        let github = try runTool(
            ["compare", expected.path, actual.path, "--report", "github"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(github.status == 1, "\(github.stderr)")
        Self.expectSafe(github.stdout, "github stdout", annotations: true)
        Self.expectSafe(github.stderr, "github stderr")
        let stdoutLines = github.stdout.split(separator: "\n")
        #expect(
            !stdoutLines.isEmpty && stdoutLines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::notice ") }, "\(github.stdout)")
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        Self.expectSafe(markdown, "step summary")
        Self.expectInertMarkdown(markdown)

        // JSON, on standard output and in a file: it parses, and every path is there exactly as it is on disk.
        let jsonFile = folder.appendingPathComponent("report.json")
        let junit = folder.appendingPathComponent("junit.xml")
        let html = folder.appendingPathComponent("html")
        let json = try runTool(["compare", expected.path, actual.path, "--report", "json"])
        Self.expectSafe(json.stdout, "json stdout")
        let reports = try runTool([
            "compare", expected.path, actual.path, "--report", "json=\(jsonFile.path)", "--report", "junit", junit.path, "--report", "html",
            html.path,
        ])
        #expect(reports.status == 1, "\(reports.stderr)")
        for data in [Data(json.stdout.utf8), try Data(contentsOf: jsonFile)] {
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let files = try #require(object["files"] as? [[String: Any]])
            #expect(Set(files.compactMap { $0["path"] as? String }) == paths)
        }
        Self.expectSafe(try String(contentsOf: jsonFile, encoding: .utf8), "json file")

        // JUnit: XML that python's parser reads, newlines kept as character references in the attributes.
        let xml = try String(contentsOf: junit, encoding: .utf8)
        Self.expectSafe(xml, "junit", allowsTab: true)
        let names = try Self.python(
            "import json, sys, xml.etree.ElementTree as E; print(json.dumps([c.get('name') for c in E.parse(sys.argv[1]).iter('testcase')]))",
            junit.path)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(names.utf8)) as? [String])
        #expect(parsed.contains("x\n::add-mask::secret\n.png"), "\(parsed)")
        // A test case per file at the top, one for the hostile folder's two frames.
        #expect(parsed.count == paths.count - 1)

        // HTML: no markup from a name.
        let page = try String(contentsOf: html.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&lt;script&gt;alert") || page.contains("\\u003cscript\\u003ealert"))
        Self.expectSafe(page, "html", allowsTab: true)

        // --update says what it changed, one line each.
        let update = try runTool(["compare", expected.path, actual.path, "--update"])
        #expect(update.status == 0, "\(update.stderr)")
        Self.expectSafe(update.stdout, "update")
        // After the text report (a line per top-level file, one for the folder, the verdict), a line per change and
        // the summary.
        let lines = update.stdout.split(separator: "\n")
        let changes = lines.suffix(paths.count + 1)
        #expect(lines.count == paths.count + paths.count + 1, "\(update.stdout)")
        #expect(changes.dropLast().allSatisfy { $0.hasPrefix("replaced ") || $0.hasPrefix("added ") || $0.hasPrefix("removed ") })
        #expect(changes.last?.hasPrefix("Updated ") == true, "\(update.stdout)")
    }

    /// The step summary is inert Markdown: table rows keep their cells, and outside code spans nothing a name
    /// brings becomes a link, an image, emphasis or HTML.
    static func expectInertMarkdown(_ markdown: String) {
        var columns: Int?
        for line in markdown.split(separator: "\n") where line.hasPrefix("|") {
            let cells = unescapedPipes(line)
            if columns == nil { columns = cells }
            #expect(cells == columns, "cells in \(line.debugDescription)")
            let outside = withoutCodeSpans(String(line))
            for marker in ["<", "](", "www.", "*em*", "_u_"] {
                #expect(!outside.contains(marker), "\(marker) outside code in \(line.debugDescription)")
            }
        }
    }

    static func unescapedPipes(_ line: Substring) -> Int {
        var count = 0
        var escaped = false
        for character in line {
            if character == "|" && !escaped { count += 1 }
            escaped = character == "\\" && !escaped
        }
        return count
    }

    /// `line` with its code spans (a run of backticks to the next run of the same length) taken out.
    static func withoutCodeSpans(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "`") {
            result += rest[..<open]
            let fence = rest[open...].prefix { $0 == "`" }
            var search = fence.endIndex
            var closed: String.Index?
            while let next = rest[search...].firstIndex(of: "`") {
                let run = rest[next...].prefix { $0 == "`" }
                if run.count == fence.count {
                    closed = run.endIndex
                    break
                }
                search = run.endIndex
            }
            guard let closed else { return result + rest[open...] }
            rest = rest[closed...]
        }
        return result + rest
    }

    static func python(_ script: String, _ argument: String) throws -> String {
        let run = try runProgram("python3", ["-c", script, argument])
        #expect(run.status == 0)
        return run.stdout
    }

    /// Specs whose keys, item values and icon paths are hostile: each message is one line on standard error,
    /// and nothing in it commands the runner or the terminal.
    @Test(arguments: [
        #"{"items":["a","b"],"x\n::error file=a::INJ":1}"#,
        #"{"items":["a\u001b[31m\n::add-mask::x","a\u001b[31m\n::add-mask::x"]}"#,
        #"{"items":["a","b"],"selection":{"sequence":[{"select":"\n::error::\u009b2J##[add-mask]y\u202e"}]}}"#,
        #"{"items":[{"value":"a","icon":"icons/x\n::error::i\u001b]0;t\u0007.svg"},"b"]}"#,
        #"{"items":["a","b"],"style":{"font":{"family":"\n::error::font"}},"output":{"fps":"\n::error::fps"}}"#,
    ])
    func specMessages(spec: String) throws {
        let work = try temporaryFolder()
        let file = work.appendingPathComponent("spec.json")
        try Data(spec.utf8).write(to: file)
        for arguments in [["validate", file.path], ["render", file.path, "-o", work.appendingPathComponent("out").path]] {
            let run = try runTool(arguments)
            #expect(run.status == 2, "\(arguments[0]): \(run)")
            Self.expectSafe(run.stdout + run.stderr, "\(arguments[0]) of \(spec)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments[0]): \(run.stderr.debugDescription)")
        }
    }

    /// Spec files with hostile names: validate's `ok` line, render's summary, the messages for a bad one, a usage
    /// error naming a hostile value, and `layout`'s JSON with hostile labels.
    @Test func hostileFileNamesAndLabels() throws {
        let work = try temporaryFolder()
        for (index, name) in Self.hostileNames.enumerated() {
            let good = work.appendingPathComponent("\(name).json")
            let label = "##[add-mask]\u{9B}\u{202E}<script>\(index)"
            let spec =
                #"{"items":[\#(try String(decoding: JSONEncoder().encode(label), as: UTF8.self)),"b"],"selection":{"tail":0.1},"output":{"scale":1}}"#
            try Data(spec.utf8).write(to: good)
            let bad = work.appendingPathComponent("\(name)-bad.json")
            try Data("{".utf8).write(to: bad)
            let output = work.appendingPathComponent("out-\(index)")
            let runs = [
                try runTool(["validate", good.path]), try runTool(["render", good.path, "-o", output.path, "--format", "png"]),
                try runTool(["validate", bad.path]), try runTool(["render", bad.path, "-o", output.path]),
                try runTool(["render", good.path, "--format", name]), try runTool(["layout", good.path]),
            ]
            #expect(runs.map(\.status) == [0, 0, 2, 2, 2, 0], "\(name.debugDescription): \(runs)")
            for (number, run) in runs.enumerated() {
                Self.expectSafe(run.stdout + run.stderr, "\(name.debugDescription) run \(number)")
            }
            // validate's `ok`; render's warning about the label's U+009B (a library's text with the label in it) and its summary.
            #expect(runs[0].stdout.split(separator: "\n").count == 1, "\(runs[0])")
            let rendered = runs[1].stderr.split(separator: "\n")
            #expect(rendered.count == 2 && rendered[0].hasPrefix("pickerreel: warning: "), "\(runs[1])")
            #expect(runs[2].stderr.split(separator: "\n").count == 1 && runs[3].stderr.split(separator: "\n").count == 1)
            let layout = try #require(try JSONSerialization.jsonObject(with: Data(runs[5].stdout.utf8)) as? [String: Any])
            #expect("\(layout)".contains("<script>\(index)"))
        }
    }
}
