import Foundation
import TestSupport
import Testing

/// `pickerreel preview` as a user runs it: the built binary on a free port, its page in Debian's Chromium driven by
/// Playwright, requests no page sends, and a signal to stop it.
@Suite("Preview", .serialized)
struct PreviewTests {
    /// The page plays the tool's own frames, scrubs and steps to the exact frame, shows the layout's numbers and one
    /// variant, reloads within a second of a save of the spec or its icon at the same moment, and shows a broken
    /// spec's message (`validate`'s line) over the last good picture dimmed until it is fixed.
    @Test func thePageInChromium() throws {
        let run = try PreviewRun()
        let out = try temporaryFolder()
        let screenshot = out.appendingPathComponent("preview.png")
        let text = try PreviewRun.python(PreviewScripts.browser, [run.url, run.spec.path, run.icon.path, out.path, screenshot.path])
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
        #expect(run.stop() == 0, "\(run.stderr)")

        #expect(seen["variants"] as? [String] == ["default", "dark"])
        #expect((seen["playedFrames"] as? Int ?? 0) > 0, "the animation did not play")
        #expect(seen["playLabel"] as? String == "Pause" && seen["pausedLabel"] as? String == "Play")
        #expect(seen["stillAfterPause"] as? Bool == true)
        let target = try #require(seen["scrubbedTo"] as? Int)
        let last = (seen["frameCount"] as? Int ?? 0) - 1
        #expect(seen["timeText"] as? String == String(format: "%.3f s · frame %d of 0–%d", Double(target) / 30, target, last))
        #expect(seen["steppedBackTo"] as? Int == target)
        // What the page showed there is the file `frame --index` writes, byte for byte: the tool's own picture.
        for variant in ["default", "dark"] {
            let expected = out.appendingPathComponent("expected-\(variant).png")
            let frame = try runTool(["frame", run.spec.path, "--index", "\(target)", "--variant", variant, "-o", expected.path])
            #expect(frame.status == 0, "\(frame.stderr)")
            let shown = try Data(contentsOf: out.appendingPathComponent("scrubbed-\(variant)-\(target).png"))
            #expect(shown == (try Data(contentsOf: expected)), "the page's frame \(target) of \(variant) is not the tool's")
        }
        // The layout's rectangles carry `layout`'s and `timeline`'s numbers.
        #expect(seen["layoutHiddenAtFirst"] as? Bool == true)
        let layout = try JSONSerialization.jsonObject(with: Data(try runTool(["layout", run.spec.path]).stdout.utf8)) as? [String: Any]
        let segments = try #require(layout?["segments"] as? [[String: Any]])
        let shownSegments = try #require(seen["segments"] as? [[String: Double]])
        #expect(shownSegments.count == 3)
        for (shown, printed) in zip(shownSegments, segments) {
            for key in ["x", "y", "width", "height"] { #expect(shown[key] == printed[key] as? Double, "\(key)") }
        }
        let timeline = try JSONSerialization.jsonObject(with: Data(try runTool(["timeline", run.spec.path]).stdout.utf8)) as? [String: Any]
        let frames = try #require(timeline?["frames"] as? [[String: Any]])
        let highlight = try #require(frames[target]["highlight"] as? [String: Any])
        let shownHighlight = try #require(seen["highlight"] as? [String: Double])
        for key in ["x", "y", "width", "height"] { #expect(shownHighlight[key] == highlight[key] as? Double, "highlight \(key)") }
        #expect((seen["numbersTable"] as? String ?? "").contains("segment 2"))
        #expect(seen["oneVariant"] as? [String] == ["dark"])
        #expect(seen["everyVariantAgain"] as? [String] == ["default", "dark"])
        // Saves reload the page within a second, at the moment the user was looking at; the new pictures follow as
        // fast as they are drawn (a debug build on a busy machine draws one in about 0.1 s).
        for key in ["specReloadSeconds", "iconReloadSeconds", "errorSeconds"] {
            #expect((seen[key] as? Double ?? 99) < 1.0, "\(key): \(seen[key] ?? "none")")
        }
        for key in ["specPicturesSeconds", "iconPicturesSeconds"] {
            #expect((seen[key] as? Double ?? 99) < 5.0, "\(key): \(seen[key] ?? "none")")
        }
        let figures = ["specReloadSeconds", "specPicturesSeconds", "iconReloadSeconds", "iconPicturesSeconds", "errorSeconds"]
        print("preview, seconds from a save: \(figures.map { "\($0) \(seen[$0] ?? "?")" }.joined(separator: ", "))")
        #expect(seen["frameAfterReload"] as? Int == target)
        #expect(seen["pictureChanged"] as? Bool == true)
        // The broken spec's message is `validate`'s line; the last good picture stays, dimmed, until the fix.
        var broken = try String(contentsOf: run.spec, encoding: .utf8)
        broken = broken.replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": \"fast\"")
        let brokenSpec = run.specFolder.appendingPathComponent("broken.json")
        try Data(broken.utf8).write(to: brokenSpec)
        let validate = try runTool(["validate", "broken.json"], in: run.specFolder)
        #expect(validate.status == 2)
        let expectedMessage = validate.stderr.replacingOccurrences(of: "broken.json", with: "spec.json").trimmingCharacters(in: .newlines)
        #expect(seen["errorText"] as? String == expectedMessage)
        #expect(expectedMessage.contains("output.fps"))
        #expect((seen["dimmedOpacity"] as? Double ?? 1) < 0.5)
        #expect(seen["pictureKept"] as? Bool == true)
        #expect(seen["recoveredOpacity"] as? Double == 1)
        #expect(seen["frameAfterRecovery"] as? Int == target)
        #expect((seen["pageErrors"] as? [String])?.isEmpty == true, "\(seen["pageErrors"] ?? "")")
        // The tool's stderr says what happened.
        #expect(run.stderr.contains("output.fps"))
        #expect(run.stderr.contains("reloaded"))
        // PICKERREEL_PREVIEW_SCREENSHOT=docs/images/preview.png keeps the page's picture for the README.
        if let keep = ProcessInfo.processInfo.environment["PICKERREEL_PREVIEW_SCREENSHOT"], !keep.isEmpty {
            let destination = keep.hasPrefix("/") ? URL(fileURLWithPath: keep) : repositoryRoot.appendingPathComponent(keep)
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.copyItem(at: screenshot, to: destination)
        }
    }

    /// Only the page's own paths are answered: no request path reaches a file, and a request from another site (its
    /// Origin, its Host, or Chromium's Sec-Fetch-Site) gets nothing.
    @Test func answersOnlyItsOwnPageToItsOwnPage() throws {
        let run = try PreviewRun()
        let text = try PreviewRun.python(PreviewScripts.requests, [String(run.port), run.token], seconds: 60)
        #expect(run.stop() == 0)
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text)")
        #expect(answers.count == 17)
        for answer in answers {
            let body = answer["body"] as? String ?? ""
            #expect(!body.contains("root:"), "\(answer)")
            #expect(!(answer["head"] as? String ?? "").lowercased().contains("access-control-allow-origin"), "\(answer)")
        }
        for answer in answers.prefix(11) {
            #expect([400, 404].contains(answer["status"] as? Int), "\(answer)")
            #expect(answer["length"] as? Int == 0, "\(answer)")
        }
        for answer in answers.dropFirst(11).prefix(4) {
            #expect(answer["status"] as? Int == 403, "\(answer)")
            #expect(answer["length"] as? Int == 0, "\(answer)")
        }
        for answer in answers.suffix(2) {
            #expect(answer["status"] as? Int == 200, "\(answer)")
            #expect((answer["body"] as? String ?? "").contains("\"generation\" : 1"), "\(answer)")
        }
    }

    /// An icon in a folder that does not exist yet: the page shows the message, then the picture once the folder and
    /// the file are made (the new folder is watched as it appears).
    @Test func reloadsWhenAMissingIconsFolderAppears() throws {
        let run = try PreviewRun()
        defer { _ = run.stop() }
        let text = PreviewRun.specText.replacingOccurrences(
            of: #"{ "value": "Week" }"#, with: #"{ "value": "Week", "icon": "more/moon.svg" }"#)
        try Data(text.utf8).write(to: run.specFolder.appendingPathComponent("spec.json.new"))
        _ = rename(run.specFolder.appendingPathComponent("spec.json.new").path, run.spec.path)
        try run.waitForState("the missing icon's message") { ($0["error"] as? String ?? "").contains("items[1].icon") }
        #expect(try run.state()["generation"] as? Int == 1)
        let more = run.specFolder.appendingPathComponent("more")
        try FileManager.default.createDirectory(at: more, withIntermediateDirectories: false)
        usleep(100_000)
        let moon = repositoryRoot.appendingPathComponent("Fixtures/gallery/icons/moon.svg")
        try FileManager.default.copyItem(at: moon, to: more.appendingPathComponent("moon.svg"))
        try run.waitForState("the reload once the icon exists") { $0["error"] is NSNull && $0["generation"] as? Int == 2 }
        #expect(try run.get("/frame?variant=default&index=0&generation=2").status == 200)
    }

    /// A spec broken from the start is being written: the page serves its message, and its first pictures once fixed.
    @Test func startsWithABrokenSpecAndShowsItOnceFixed() throws {
        let broken = PreviewRun.specText.replacingOccurrences(of: #""fps": 30"#, with: #""fps": 0"#)
        let run = try PreviewRun(specText: broken)
        defer { _ = run.stop() }
        let state = try run.state()
        #expect(state["generation"] as? Int == 0)
        #expect((state["error"] as? String ?? "").hasPrefix("pickerreel: error: spec.json: output.fps: "), "\(state)")
        #expect(try run.get("/frame?variant=default&index=0&generation=0").status == 404)
        #expect(run.stderr.contains("output.fps"))
        let fixed = run.specFolder.appendingPathComponent("fixed.json")
        try Data(PreviewRun.specText.utf8).write(to: fixed)
        _ = rename(fixed.path, run.spec.path)
        try run.waitForState("the first good version") { $0["error"] is NSNull && $0["generation"] as? Int == 1 }
        #expect(try run.get("/frame?variant=dark&index=0&generation=1").status == 200)
    }

    /// A port asked for that is taken is exit 2 with a message naming it and what to do, not a silent other port.
    @Test func aTakenPortIsExitTwoWithWhatToDo() throws {
        let run = try PreviewRun()
        defer { _ = run.stop() }
        let second = try runTool(["preview", "spec.json", "--port", String(run.port)], in: run.specFolder)
        #expect(second.status == 2)
        #expect(second.stdout.isEmpty)
        #expect(
            second.stderr
                == "pickerreel: error: cannot listen on 127.0.0.1:\(run.port) (the port is in use); choose another port with --port N, or --port 0 for any free one\n"
        )
    }

    /// The server listens on 127.0.0.1 only, never on another interface.
    @Test func listensOnLoopbackOnly() throws {
        let run = try PreviewRun()
        defer { _ = run.stop() }
        #expect(run.url == "http://127.0.0.1:\(run.port)/?t=\(run.token)")
        let hexPort = String(format: "%04X", run.port)
        var listening: [String] = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            let rows = (try? String(contentsOfFile: table, encoding: .utf8))?.split(separator: "\n").dropFirst() ?? []
            for row in rows {
                let columns = row.split(separator: " ")
                // local_address is column 1 (ADDRESS:PORT in hex), st is column 3 (0A: listening).
                if columns.count > 3, columns[1].hasSuffix(":" + hexPort), columns[3] == "0A" { listening.append(String(columns[1])) }
            }
        }
        #expect(listening == ["0100007F:\(hexPort)"])
    }

    /// Ctrl-C (SIGINT) and SIGTERM end it with status 0, having written no file anywhere it could.
    @Test(arguments: [SIGTERM, SIGINT])
    func stopsCleanlyOnASignal(_ signal: Int32) throws {
        let run = try PreviewRun()
        let before = try snapshot(of: run.specFolder)
        // Something to serve first: the page, the state, a frame.
        for path in ["/", "/state", "/frame?variant=dark&index=3&generation=1"] {
            let answer = try run.get(path)
            #expect(answer.status == 200 && !answer.body.isEmpty, "\(path)")
        }
        #expect(run.stop(signal) == 0, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("pickerreel preview: stopped\n"), "\(run.stderr)")
        #expect(try snapshot(of: run.toolTemporaryFolder).isEmpty)
        #expect(try snapshot(of: run.specFolder) == before)
    }

    /// `--open` hands the address to the desktop's opener (xdg-open, found on PATH).
    @Test func opensTheBrowserWhenAsked() throws {
        let bin = try temporaryFolder()
        let record = bin.appendingPathComponent("opened.txt")
        let opener = bin.appendingPathComponent("xdg-open")
        try Data("#!/bin/sh\necho \"$@\" > '\(record.path)'\n".utf8).write(to: opener)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try PreviewRun(arguments: ["--port", "0", "--open"], environment: ["PATH": path])
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: record.path) && Date() < deadline { usleep(20_000) }
        #expect(run.stop() == 0)
        #expect((try? String(contentsOf: record, encoding: .utf8)) == run.url + "\n")
    }

    /// A spec that is not there is a typo: exit 2 with `validate`'s message; `--help` names the options.
    @Test func startsOnlyWithASpecThatExists() throws {
        let folder = try temporaryFolder()
        let missing = try runTool(["preview", folder.appendingPathComponent("nothing.json").path, "--port", "0"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nothing.json") && missing.stderr.contains("no such file"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)
        let help = try runTool(["preview", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--port N") && help.stdout.contains("--open"))
        let badPort = try runTool(["preview", "spec.json", "--port", "70000"])
        #expect(badPort.status == 2 && badPort.stderr.contains("--port 70000"), "\(badPort.stderr)")
        #expect(try runTool(["--help"]).stdout.contains("preview"))
    }
}
