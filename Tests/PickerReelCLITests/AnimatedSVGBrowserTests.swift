import AnimationTestSupport
import Foundation
import PickerKit
import PickerRender
import TestSupport
import Testing

/// The animated SVG, played in a real browser: headless Chromium pauses the animation at a moment, takes a
/// screenshot, and the screenshot must match the PNG frame the tool draws for the same moment.
@Suite("Animated SVG in Chromium")
struct AnimatedSVGBrowserTests {
    static func chromium() -> String? { Chromium.path }

    /// A screenshot of `svg` paused at `time`, `width` × `height` points at `scale` device pixels per point.
    func screenshot(svg: String, time: Double, width: Int, height: Int, scale: Double, in folder: URL) throws -> URL {
        let page = folder.appendingPathComponent("page-\(time).html")
        let html = """
            <!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}</style></head><body>
            \(svg)
            <script>const s = document.querySelector('svg'); s.pauseAnimations(); s.setCurrentTime(\(time));</script>
            </body></html>
            """
        try Data(html.utf8).write(to: page)
        let shot = folder.appendingPathComponent("chromium-\(time).png")
        _ = try Chromium.run([
            "--force-device-scale-factor=\(scale)", "--window-size=\(width),\(height)", "--screenshot=\(shot.path)", page.absoluteString,
        ])
        return shot
    }

    @Test(arguments: [
        ("seed-demo.json", [0.0, 0.7, 0.78, 1.35, 2.55, 3.35]),
        ("numbers-vertical.json", [0.5, 1.3, 1.5, 1.6, 2.5]),
    ])
    func pausedAnimationMatchesTheFrameForThatMoment(spec: String, times: [Double]) throws {
        guard Self.chromium() != nil else {
            Issue.record("Chromium is not installed; `make test` installs it (scripts/install-dependencies.sh --test)")
            return
        }
        let folder = try temporaryFolder()
        let render = try runTool(["render", fixture(spec), "-o", folder.path, "--format", "svg-animated", "-q"])
        try #require(render.status == 0, "\(render.stderr)")
        let name = (spec as NSString).deletingPathExtension
        let svg = try String(contentsOf: folder.appendingPathComponent("\(name)/\(name).svg"), encoding: .utf8)
        let layout = try JSONSerialization.jsonObject(with: Data(try runTool(["layout", fixture(spec)]).stdout.utf8)) as? [String: Any]
        let canvas = try #require(layout?["canvas"] as? [String: Double])
        let scale = try #require(canvas["scale"])
        for time in times {
            let frame = folder.appendingPathComponent("frame-\(time).png")
            #expect(try runTool(["frame", fixture(spec), "--time", "\(time)", "-o", frame.path]).status == 0)
            let expected = try PNGFile.read(frame.path)
            let width = Int((canvas["width"] ?? 0).rounded(.up))
            let height = Int((canvas["height"] ?? 0).rounded(.up))
            let shot = try PNGFile.read(try screenshot(svg: svg, time: time, width: width, height: height, scale: scale, in: folder).path)
            // The window is whole points; the frame is ⌈points × scale⌉ pixels: keep the frame's part of the shot.
            try #require(shot.width >= expected.width && shot.height >= expected.height, "screenshot \(shot.width)×\(shot.height)")
            var cropped = RGBAImage(width: expected.width, height: expected.height)
            for y in 0..<expected.height {
                for x in 0..<expected.width { cropped.setPixel(x: x, y: y, to: shot.pixel(x: x, y: y)) }
            }
            let actual = folder.appendingPathComponent("chromium-cropped-\(time).png")
            try AtomicFile.write(try PNGFile.encode(cropped), to: actual.path)
            // Chromium rasterises the same outlines with its own anti-aliasing, and springs are sampled at 60 Hz:
            // allow 0.5% of pixels beyond anti-aliasing, at pixelmatch's own threshold (another renderer's edges
            // differ by more than the default's 0.02, which is for two renders of the same tool).
            let compare = try runTool([
                "compare", frame.path, actual.path, "--threshold", "0.1", "--max-diff-ratio", "0.005", "--report", "json",
            ])
            #expect(compare.status == 0, "\(spec) at \(time) s: \(compare.stdout)")
        }
    }
}
