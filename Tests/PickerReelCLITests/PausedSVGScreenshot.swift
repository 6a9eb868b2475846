import AnimationTestSupport
import Foundation
import PickerKit
import PickerRender

/// The animated SVG `svg` as headless Chromium shows it paused at `time` seconds, cut to `width` × `height` device
/// pixels at `scale` device pixels per CSS pixel; the page and screenshot are left in `folder`.
func pausedSVGPicture(svg: String, time: Double, width: Int, height: Int, scale: Int, in folder: URL) throws -> RGBAImage {
    let page = folder.appendingPathComponent("paused-\(time).html")
    let html = """
        <!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}</style></head><body>
        \(svg)
        <script>const s = document.querySelector('svg'); s.pauseAnimations(); s.setCurrentTime(\(time));</script>
        </body></html>
        """
    try Data(html.utf8).write(to: page)
    let shot = folder.appendingPathComponent("chromium-\(time).png")
    _ = try Chromium.run([
        "--force-device-scale-factor=\(scale)", "--window-size=\((width + scale - 1) / scale),\((height + scale - 1) / scale)",
        "--screenshot=\(shot.path)", page.absoluteString,
    ])
    let screenshot = try PNGFile.read(shot.path)
    guard screenshot.width >= width, screenshot.height >= height else {
        throw ScreenshotTooSmall(description: "the screenshot is \(screenshot.width) × \(screenshot.height) px, not \(width) × \(height)")
    }
    var cropped = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width { cropped.setPixel(x: x, y: y, to: screenshot.pixel(x: x, y: y)) }
    }
    return cropped
}

struct ScreenshotTooSmall: Error, CustomStringConvertible {
    var description: String
}
