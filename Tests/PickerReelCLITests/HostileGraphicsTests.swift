import Foundation
import TestSupport
import Testing

/// Icons and images a pull request can craft (issue 23, "Memory safety", "validate ⇔ render" and "Budgets"), run
/// through the binary as CI runs it: each is answered with one message naming the field, exit 2, never a crash.
@Suite("Hostile graphics")
struct HostileGraphicsTests {
    /// An SVG of `levels` nested groups, each using the one below `fan` times: a few KB that librsvg expands to
    /// fan^levels rectangles.
    static func nestedUseSVG(levels: Int, fan: Int) -> String {
        var lines = [
            #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="16" height="16" viewBox="0 0 16 16">"#,
            #"<defs><rect id="a0" width="1" height="1"/>"#,
        ]
        for level in 1...levels {
            lines.append(#"<g id="a\#(level)">"# + String(repeating: ##"<use xlink:href="#a\##(level - 1)"/>"##, count: fan) + "</g>")
        }
        lines.append(##"</defs><use xlink:href="#a\##(levels)"/></svg>"##)
        return lines.joined(separator: "\n")
    }

    /// Writes `svg` as `icon.svg` beside a spec whose first item shows it, and returns the spec's path.
    static func specWithIcon(_ svg: String, in work: URL, extra: String = "") throws -> String {
        try Data(svg.utf8).write(to: work.appendingPathComponent("icon.svg"))
        return try writeSpec(#"{"items":[{"value":"a","icon":"icon.svg"},"b"]\#(extra)}"#, named: "spec.json", in: work)
    }

    /// `<svg width="1e30" height="1"/>`: its aspect ratio is refused, and the librsvg handle was unreffed by the
    /// throwing initializer and again by `deinit` (GLib's critical warning, a trap under `G_DEBUG=fatal-criticals`).
    @Test(arguments: ["validate", "render"])
    func anIconWiderThanItMayBeIsRefusedWithoutAFreeingTwice(command: String) throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let spec = try Self.specWithIcon(#"<svg xmlns="http://www.w3.org/2000/svg" width="1e30" height="1"/>"#, in: work)
        let arguments = command == "render" ? ["render", spec, "-o", work.appendingPathComponent("out").path] : ["validate", spec]
        let run = try runProcess(try toolURL(), arguments, environment: ["G_DEBUG": "fatal-criticals"], timeLimit: 60)
        #expect(!run.trapped, "\(run)")
        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("pickerreel: error: \(spec): items[0].icon: "), "\(run)")
        #expect(run.stderr.contains("at most 1000 times"), "\(run)")
        #expect(!run.stderr.contains("CRITICAL"), "\(run)")
    }

    /// Nested `<use>` beyond librsvg's 500,000 referenced elements: `validate` and `render` refuse it alike.
    ///
    /// librsvg stops drawing and returns an error (which was ignored), leaving cairo's groups unbalanced, so
    /// `validate` passed and `render` failed with "cairo could not draw the labels: no saved group to pop" naming no
    /// field. Both now refuse it, with the same message.
    @Test func anIconLibrsvgCannotDrawIsRefusedByValidateAndRenderAlike() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let spec = try Self.specWithIcon(Self.nestedUseSVG(levels: 6, fan: 10), in: work)
        let validate = try runTool(["validate", spec], timeLimit: 120)
        let render = try runTool(["render", spec, "-o", work.appendingPathComponent("out").path, "--format", "png,svg"], timeLimit: 120)
        for run in [validate, render] {
            #expect(!run.trapped, "\(run)")
            #expect(run.status == 2, "\(run)")
            #expect(run.errorLines.count == 1, "\(run)")
            #expect(run.stderr.hasPrefix("pickerreel: error: \(spec): items[0].icon: "), "\(run)")
            #expect(run.stderr.contains("cannot be drawn"), "\(run)")
        }
        #expect(validate.stderr == render.stderr)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    /// A grey PNG of `width` × `height` pixels, all one value: a few tens of KB that decode to 4 bytes a pixel.
    ///
    /// Written with zlib (Python's binding), as any tool that makes a decompression bomb would.
    static func solidPNG(width: Int, height: Int, to url: URL) throws {
        let script = """
            import struct, sys, zlib
            w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
            def chunk(kind, body):
                return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
            rows = (b"\\x00" + b"\\x80" * w) * h
            png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            png += chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
            open(path, "wb").write(png)
            """
        let run = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, "\(width)", "\(height)", url.path], timeLimit: 60)
        guard run.status == 0 else { throw PNGNotWritten(run: run.description) }
    }

    struct PNGNotWritten: Error {
        var run: String
    }

    /// Images of 8192 × 8192 px, 8 or 64 of them, are refused from their headers, at once, naming the field.
    ///
    /// Eight of them (each under the 1 MiB file limit) on a 413 × 53 px picture took 4.1 GB and 56 s, and with 64
    /// `validate` alone took 58 s. Their headers add up to more pixels than a spec's images may have, so both
    /// commands refuse them at once, naming the image that went over.
    @Test(arguments: [8, 64])
    func imagesOfMorePixelsThanASpecMayDecodeAreRefusedFromTheirHeaders(count: Int) throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try Self.solidPNG(width: 8192, height: 8192, to: work.appendingPathComponent("big.png"))
        let items = (0..<count).map { #"{"value":"v\#($0)","label":"","image":"big.png"}"# }.joined(separator: ",")
        let spec = try writeSpec(#"{"items":[\#(items)],"style":{"icon":{"size":8}}}"#, named: "spec.json", in: work)
        for arguments in [["validate", spec], ["render", spec, "-o", work.appendingPathComponent("out").path]] {
            let run = try runTool(arguments, timeLimit: 20)
            #expect(!run.trapped && !run.timedOut, "\(run)")
            #expect(run.status == 2, "\(run)")
            #expect(run.errorLines.count == 1, "\(run)")
            #expect(run.stderr.hasPrefix("pickerreel: error: \(spec): items[1].image: "), "\(run)")
            #expect(run.stderr.contains("at most 67108864 in all"), "\(run)")
        }
    }

    /// One 8192 × 8192 px image, within the limit, drawn 8 pt high: decoded once a render, at the size drawn, so the
    /// frames are small and every drawer paints the same few pixels.
    @Test func oneLargeImageIsDecodedOnceAndDrawnSmall() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try Self.solidPNG(width: 8192, height: 8192, to: work.appendingPathComponent("big.png"))
        let spec = try writeSpec(
            #"{"items":[{"value":"a","image":"big.png"},"b"],"style":{"icon":{"size":8}}}"#, named: "spec.json", in: work)
        #expect(try runTool(["validate", spec], timeLimit: 20).status == 0)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, "-o", output.path, "--format", "png,svg,gif"], timeLimit: 120)
        #expect(!run.trapped && !run.timedOut, "\(run)")
        #expect(run.status == 0, "\(run)")
        let svg = try String(contentsOf: output.appendingPathComponent("spec/frame-0000.svg"), encoding: .utf8)
        #expect(svg.contains("<image"), "the image is embedded as a picture")
        #expect(svg.utf8.count < 200_000, "\(svg.utf8.count) bytes")
    }

    /// An image whose decoding alone would take more than `--memory` is refused as too large, naming it, before
    /// any of it is decoded.
    @Test func anImageLargerThanTheMemoryBudgetIsRefusedAsTooLarge() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try Self.solidPNG(width: 8192, height: 8192, to: work.appendingPathComponent("big.png"))
        let spec = try writeSpec(
            #"{"items":["a",{"value":"b","image":"big.png"}],"style":{"icon":{"size":8}}}"#, named: "spec.json", in: work)
        let run = try runTool(["render", spec, "-o", work.appendingPathComponent("out").path, "--memory", "64M"], timeLimit: 20)
        #expect(!run.trapped && !run.timedOut, "\(run)")
        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("pickerreel: error: \(spec): items[1].image: "), "\(run)")
        #expect(run.stderr.contains("too large") && run.stderr.contains("--memory"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    /// An icon of 100,000 rectangles from nested `<use>` (within librsvg's limit) keeps SVG frames small.
    ///
    /// Each SVG frame embedded them all, 80 MB a frame. An icon is now a picture of its drawn size in SVG frames,
    /// whatever it expands to.
    @Test func anIconThatExpandsToManyShapesKeepsSVGFramesSmall() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let spec = try Self.specWithIcon(Self.nestedUseSVG(levels: 5, fan: 10), in: work)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, "-o", output.path, "--format", "svg,png"], timeLimit: 300)
        #expect(!run.trapped && !run.timedOut, "\(run)")
        #expect(run.status == 0, "\(run)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("spec").path).filter {
            $0.hasSuffix(".svg")
        }
        #expect(!frames.isEmpty)
        for frame in frames {
            let size = try Data(contentsOf: output.appendingPathComponent("spec/" + frame)).count
            #expect(size < 200_000, "\(frame): \(size) bytes")
        }
    }
}

/// Every input the graphics fuzzer keeps (Fixtures/graphics-corpus, `make fuzz-graphics`), run through the binary
/// as the fuzzer runs it through the library, so a finding kept there stays fixed in `make test`.
@Suite("Graphics corpus")
struct GraphicsCorpusTests {
    static let corpus = repositoryRoot.appendingPathComponent("Fixtures/graphics-corpus")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
    }

    /// `validate` and `render` agree, or `render` names the image whose pixels it could not decode.
    ///
    /// The first byte says icon or image, scale and selected colour (as Fuzz/GraphicsFuzzer.swift reads it); the
    /// rest is the file.
    @Test(arguments: inputs)
    func validateAndRenderAgree(input: String) throws {
        let bytes = try Data(contentsOf: Self.corpus.appendingPathComponent(input))
        let mode = try #require(bytes.first)
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try bytes.dropFirst().write(to: work.appendingPathComponent("graphic"))
        let key = mode & 1 == 0 ? "icon" : "image"
        let selected = mode & 4 == 0 ? "" : ##","selectedLabel":{"color":"#FF0000"}"##
        let json =
            #"{"items":[{"value":"a","label":"A","\#(key)":"graphic"},"b"],"#
            + #""selection":{"initial":"b","sequence":[{"select":"a","after":0.05}],"tail":0},"#
            + #""animation":{"curve":"linear","duration":0.1},"style":{"icon":{"size":12}\#(selected)},"#
            + #""output":{"fps":20,"scale":\#(mode & 2 == 0 ? 1 : 2)}}"#
        let spec = try writeSpec(json, named: "spec.json", in: work)
        let validate = try runTool(["validate", spec], timeLimit: 120)
        let output = work.appendingPathComponent("out").path
        let render = try runTool(["render", spec, "-o", output, "--format", "png,svg,svg-animated"], timeLimit: 120)
        for run in [validate, render] {
            #expect(!run.trapped && !run.timedOut, "\(run)")
            #expect(!run.stderr.contains("CRITICAL"), "\(run)")
        }
        let field = "pickerreel: error: \(spec): items[0].\(key): "
        if validate.status == 0 {
            let decodedLater = key == "image" && bytes.dropFirst().starts(with: [0x89, 0x50, 0x4E, 0x47])
            #expect(render.status == 0 || (decodedLater && render.status == 2 && render.stderr.contains("items[0].image")), "\(render)")
        } else {
            #expect(validate.status == 2 && validate.errorLines.count == 1 && validate.stderr.hasPrefix(field), "\(validate)")
            #expect(render.stderr == validate.stderr, "\(render)")
        }
    }
}
