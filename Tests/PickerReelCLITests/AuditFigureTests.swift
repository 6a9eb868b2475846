import Foundation
import TestSupport
import Testing

/// `pickerreel audit`'s figures checked against an independent computation from the rendered PNGs
/// (`wcag_pixels.py`: Pillow, and WCAG 2.2's relative luminance and contrast ratio written out again,
/// https://www.w3.org/TR/WCAG22/#dfn-relative-luminance and #dfn-contrast-ratio), never against the tool's own formula.
@Suite("Audit figures against the pixels")
struct AuditFigureTests {
    /// Runs `audit` with a JSON report on standard output.
    func audit(_ arguments: [String]) throws -> AuditJSON {
        let run = try runTool(["audit"] + arguments + ["--report", "json"])
        try #require(run.status == 0, "\(run.stderr)")
        return try AuditJSON(run.stdout)
    }

    /// The segment boxes of `spec` in pixels, from `pickerreel layout`.
    func boxes(_ spec: String) throws -> [String: (x: Int, y: Int, width: Int, height: Int)] {
        let run = try runTool(["layout", spec])
        try #require(run.status == 0, "\(run.stderr)")
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let scale = try #require((layout["canvas"] as? [String: Any])?["scale"] as? Double)
        var boxes: [String: (Int, Int, Int, Int)] = [:]
        for segment in layout["segments"] as? [[String: Any]] ?? [] {
            let (x, y) = ((segment["x"] as? Double ?? 0) * scale, (segment["y"] as? Double ?? 0) * scale)
            let (width, height) = ((segment["width"] as? Double ?? 0) * scale, (segment["height"] as? Double ?? 0) * scale)
            boxes[segment["item"] as? String ?? ""] = (Int(x), Int(y), Int(width.rounded(.up)), Int(height.rounded(.up)))
        }
        return boxes
    }

    /// Frame `index` of `spec` as a PNG file.
    func frame(_ spec: String, _ index: Int, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("frame-\(index).png").path
        let run = try runTool(["frame", spec, "--index", "\(index)", "-o", path])
        try #require(run.status == 0, "\(run.stderr)")
        return path
    }

    @Test("Solid colours: black on an opaque #777777 highlight is 4.69:1, the highlight on white 4.48:1, as the pixels say")
    func solidColours() throws {
        let folder = try temporaryFolder()
        let spec = try writeSpec(
            """
            {"items": ["Aa", "Bb"], "selection": {"initial": "Aa"},
             "style": {"font": {"size": 17}, "labelColor": "#000000", "background": "#FFFFFF", "padding": 16,
                       "highlight": {"color": "#777777", "opacity": 1, "layer": "background", "cornerRadius": 4}},
             "output": {"fps": 10, "scale": 2}}
            """, named: "solid.json", in: folder)
        let report = try audit([spec])
        let text = try #require(report.worst("solid", "1.4.3"))
        let highlight = try #require(report.worst("solid", "1.4.11"))
        let png = try frame(spec, 0, in: folder)
        let box = try #require(try boxes(spec)["Aa"])
        // The highlight is the segment's frame: 1 pt inside its top edge, above the glyphs, and 2 pt outside it.
        let middle = box.x + box.width / 2
        let pixels = try WCAGPixels.ratios([
            WCAGPixels.text(png, box: box), WCAGPixels.pair(png, (middle, box.y + 2), (middle, box.y - 4)),
        ])
        // Exact: (L(#777777) + 0.05) / 0.05 = 4.6895 and 1.05 / (L(#777777) + 0.05) = 4.4781.
        #expect(abs(pixels[0] - 4.6895) < 0.01)
        #expect(abs(pixels[1] - 4.4781) < 0.01)
        #expect(abs((text["ratio"] as? Double ?? 0) - pixels[0]) < 0.02, "\(text)")
        #expect(text["item"] as? String == "Aa" && text["passes"] as? Bool == true && text["required"] as? Double == 4.5)
        #expect(abs((highlight["ratio"] as? Double ?? 0) - pixels[1]) < 0.02, "\(highlight)")
        #expect(highlight["subject"] as? String == "highlight" && highlight["passes"] as? Bool == true)
    }

    @Test("The seed demo: its gray 0.4 highlight is about 1.5:1 against white (1.4.11 fails), Day under it as the pixels say")
    func seedDemo() throws {
        let folder = try temporaryFolder()
        let spec = fixture("seed-demo.json")
        let report = try audit([spec])
        let highlight = try #require(report.worst("seed-demo", "1.4.11"))
        let text = try #require(report.worst("seed-demo", "1.4.3"))
        let png = try frame(spec, 0, in: folder)
        let day = try #require(try boxes(spec)["Day"])
        let middle = day.x + day.width / 2
        // The highlight covers Day's frame at frame 0: its fill 1 pt inside the top edge, the white 2 pt above it.
        let pixels = try WCAGPixels.ratios([
            WCAGPixels.pair(png, (middle, day.y + 2), (middle, day.y - 4)),
            // The label between the capsule's round ends, where all of the highlight is beneath it.
            WCAGPixels.text(png, box: (day.x + day.height / 2, day.y, day.width - day.height, day.height)),
        ])
        #expect(abs(pixels[0] - 1.5) < 0.1)
        #expect(abs((highlight["ratio"] as? Double ?? 0) - pixels[0]) < 0.02, "\(highlight)")
        #expect(highlight["passes"] as? Bool == false && highlight["level"] as? String == "AA")
        #expect(text["item"] as? String == "Day" && text["frame"] as? Int == 0)
        #expect(abs((text["ratio"] as? Double ?? 0) - pixels[1]) < 0.03, "\(text)")
    }

    @Test("A cross-fade from gray to black labels: every frame's worst label is the lighter mix the pixels show")
    func crossFade() throws {
        let folder = try temporaryFolder()
        // A white highlight on white: the labels' background stays white while they cross-fade.
        let spec = try writeSpec(
            """
            {"items": ["Aa", "Bb"],
             "selection": {"initial": "Aa", "sequence": [{"select": "Bb", "after": 0.1}], "tail": 0.1},
             "style": {"font": {"size": 17}, "labelColor": "#8E8E93", "selectedLabel": {"color": "#000000"},
                       "background": "#FFFFFF", "padding": 16,
                       "highlight": {"color": "#FFFFFF", "opacity": 1, "layer": "background"}},
             "animation": {"curve": "linear", "duration": 0.4},
             "output": {"fps": 30, "scale": 2}}
            """, named: "fade.json", in: folder)
        let report = try audit([spec])
        let swift = report.ratios("fade", "1.4.3")
        let boxes = try boxes(spec)
        let (first, second) = (try #require(boxes["Aa"]), try #require(boxes["Bb"]))
        let render = try runTool(["render", spec, "-o", folder.appendingPathComponent("out").path, "-q"])
        try #require(render.status == 0, "\(render.stderr)")
        var queries: [[String: Any]] = []
        for index in swift.indices {
            let png = folder.appendingPathComponent("out/fade/frame-" + String(format: "%04d", index) + ".png").path
            queries += [WCAGPixels.text(png, box: first), WCAGPixels.text(png, box: second)]
        }
        let pixels = try WCAGPixels.ratios(queries)
        var fading = 0
        for index in swift.indices {
            let lighter = min(pixels[2 * index], pixels[2 * index + 1])
            #expect(abs((swift[index] ?? 0) - lighter) < 0.03, "frame \(index): audit \(swift[index] ?? 0), pixels \(lighter)")
            // Gray on white is 3.26:1, black 21:1: between them, a label is mid-fade.
            if lighter > 3.5 && lighter < 20 { fading += 1 }
        }
        #expect(fading >= 2, "no frame caught mid-fade: \(pixels)")
    }

    @Test("A template icon against what is beneath it: #DDDDDD on white is 1.36:1 (1.4.11), as the pixels say")
    func templateIcon() throws {
        let folder = try temporaryFolder()
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16"/></svg>"#.utf8)
            .write(to: folder.appendingPathComponent("square.svg"))
        // Icons without labels, in the label's colour; a black highlight under "a", so the worst is "b" on white.
        let spec = try writeSpec(
            """
            {"items": [{"value": "a", "label": "", "icon": "square.svg"}, {"value": "b", "label": "", "icon": "square.svg"}],
             "selection": {"initial": "a"},
             "style": {"labelColor": "#DDDDDD", "background": "#FFFFFF", "padding": 16,
                       "highlight": {"color": "#000000", "opacity": 1, "layer": "background", "cornerRadius": 2}},
             "output": {"fps": 10, "scale": 2}}
            """, named: "icon.json", in: folder)
        let icon = try #require(try audit([spec]).worst("icon", "1.4.11"))
        let png = try frame(spec, 0, in: folder)
        let box = try #require(try boxes(spec)["b"])
        let pixels = try WCAGPixels.ratios([WCAGPixels.text(png, box: (box.x - 12, box.y - 12, box.width + 24, box.height + 24))])
        // Exact: 1.05 / (L(#DDDDDD) + 0.05) = 1.3582.
        #expect(abs(pixels[0] - 1.3582) < 0.01)
        #expect(icon["subject"] as? String == "icon" && icon["item"] as? String == "b", "\(icon)")
        #expect(abs((icon["ratio"] as? Double ?? 0) - pixels[0]) < 0.02, "\(icon)")
    }
}
