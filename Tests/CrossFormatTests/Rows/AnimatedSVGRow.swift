import AnimationTestSupport
import Foundation
import PickerReel

/// The animated SVG (`animatedSVG()`), paused at each moment in headless Chromium: one page holds a copy per
/// moment, one below the other (identifiers prefixed so the copies never share one), each paused with
/// `setCurrentTime`, and one screenshot at the PNG's scale is cut into the pictures.
struct AnimatedSVGRow: FormatRow {
    let name = "animated SVG (Chromium)"

    func tolerance(for renderer: Renderer) throws -> PictureTolerance {
        try PictureTolerance.rasterised(
            for: renderer, levels: 8, edgeShare: 0.5, strayShare: 0.0005,
            reason:
                "Skia fills cairo's glyph outlines at exact positions with its own anti-aliasing, blurs shadows with its own "
                + "feGaussianBlur and reads SMIL's 5-digit key times and 3-decimal values (measured: 5 levels beyond the range, "
                + "18 px in a cross-fade of two looks); emoji are cairo's 1 px-a-point bitmaps (left out)")
    }

    func pictures(of renderer: Renderer, at moments: [Double], workingIn folder: URL) throws -> [RGBAImage] {
        guard Chromium.path != nil else { throw RowFailure(description: "Chromium is not installed; `make test` installs it") }
        let svg = String(decoding: try renderer.animatedSVG(), as: UTF8.self)
        let canvas = renderer.layout.canvas
        let scale = renderer.spec.output.scale
        let (pixelWidth, pixelHeight) = renderer.pixelSize
        // Whole CSS pixels a copy, so that each copy starts on a whole device pixel at a whole scale.
        let width = Int(canvas.width.rounded(.up))
        let height = Int(canvas.height.rounded(.up))
        var body = ""
        for (index, _) in moments.enumerated() {
            body += "<div class=\"moment\" style=\"top:\(index * height)px\">\(Self.prefixingIdentifiers(svg, with: "m\(index)-"))</div>\n"
        }
        let times = moments.map { String($0) }.joined(separator: ", ")
        let html = """
            <!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}
            div.moment{position:absolute;left:0;line-height:0} div.moment>svg{display:block}</style></head><body>
            \(body)<script>const times = [\(times)];
            document.querySelectorAll('div.moment > svg').forEach((svg, index) => { svg.pauseAnimations(); svg.setCurrentTime(times[index]); });
            </script></body></html>
            """
        let page = folder.appendingPathComponent("animated-svg.html")
        try Data(html.utf8).write(to: page)
        let shot = folder.appendingPathComponent("chromium.png")
        let run = try Chromium.run([
            "--default-background-color=00000000", "--force-color-profile=srgb", "--run-all-compositor-stages-before-draw",
            "--force-device-scale-factor=\(scale)",
            "--window-size=\(width),\(height * moments.count)", "--screenshot=\(shot.path)", page.absoluteString,
        ])
        guard FileManager.default.fileExists(atPath: shot.path) else {
            throw RowFailure(description: "Chromium wrote no screenshot (status \(run.status)): \(run.stderr.suffix(500))")
        }
        let screenshot = try decodePNG(try Data(contentsOf: shot), name: shot.path)
        let step = Int((Double(height) * scale).rounded())
        guard screenshot.width >= pixelWidth, screenshot.height >= step * (moments.count - 1) + pixelHeight else {
            throw RowFailure(
                description: "the screenshot is \(screenshot.width) × \(screenshot.height) px, too small for \(moments.count) copies")
        }
        return moments.indices.map { index in
            var picture = RGBAImage(width: pixelWidth, height: pixelHeight)
            for y in 0..<pixelHeight {
                for x in 0..<pixelWidth { picture.setPixel(x: x, y: y, to: screenshot.pixel(x: x, y: index * step + y)) }
            }
            return picture
        }
    }

    /// `svg` with every `id`, `#reference` and `url(#reference)` prefixed.
    static func prefixingIdentifiers(_ svg: String, with prefix: String) -> String {
        var text = svg
        for (pattern, template) in [
            ("id=\"([^\"]+)\"", "id=\"\(prefix)$1\""), ("href=\"#([^\"]+)\"", "href=\"#\(prefix)$1\""),
            ("url\\(#([^)]+)\\)", "url(#\(prefix)$1)"),
        ] {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            text = expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text
    }
}
