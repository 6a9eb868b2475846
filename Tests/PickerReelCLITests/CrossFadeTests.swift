import AnimationTestSupport
import Foundation
import PickerKit
import PickerRender
import TestSupport
import Testing

/// A label changing look as the highlight arrives or leaves is the two looks mixed, a·(1 − t) + b·t of the
/// composited labels, not one translucent look over the other: a pixel black in both looks stays black all the way
/// through, here as the segmented preset's medium labels turn semibold and back.
@Suite("True cross-fades")
struct CrossFadeTests {
    /// The segmented preset (black 13 pt labels, medium turning semibold) with a linear 0.4 s move from 0.2 s.
    static let spec = """
        {
          "items": ["Month", "Year"],
          "selection": { "initial": "Month", "sequence": [{ "select": "Year", "after": 0.2 }], "tail": 0.2 },
          "style": { "preset": "segmented" },
          "animation": { "curve": "linear", "duration": 0.4 },
          "output": { "fps": 30, "scale": 2 }
        }
        """

    /// Moments while both labels change look.
    static let middle = [0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55]

    /// The spec written into a new folder.
    func writeSpec() throws -> (folder: URL, spec: URL) {
        let folder = try temporaryFolder()
        let spec = folder.appendingPathComponent("fade.json")
        try Data(Self.spec.utf8).write(to: spec)
        return (folder, spec)
    }

    /// The PNG frame `frame --time` writes.
    func frame(of spec: URL, at time: Double, in folder: URL) throws -> RGBAImage {
        let file = folder.appendingPathComponent("frame-\(time).png")
        let run = try runTool(["frame", spec.path, "--time", "\(time)", "-o", file.path])
        try #require(run.status == 0, "\(run.stderr)")
        return try PNGFile.read(file.path)
    }

    func darkest(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> UInt8 { max(pixel.red, pixel.green, pixel.blue) }

    /// The opaque pixels black (at most 8/255 in every channel) both before the change and after it, when each
    /// label shows one look and then the other.
    func blackInBothLooks(of spec: URL, in folder: URL) throws -> [(x: Int, y: Int)] {
        let before = try frame(of: spec, at: 0.1, in: folder)
        let after = try frame(of: spec, at: 1, in: folder)
        var black: [(x: Int, y: Int)] = []
        for y in 0..<before.height {
            for x in 0..<before.width
            where before.pixel(x: x, y: y).alpha == 255 && darkest(before.pixel(x: x, y: y)) <= 8 && darkest(after.pixel(x: x, y: y)) <= 8 {
                black.append((x, y))
            }
        }
        try #require(black.count > 100, "only \(black.count) pixels are black in both looks")
        return black
    }

    @Test func aPixelBlackInBothLooksStaysBlackMidTransition() throws {
        let (folder, spec) = try writeSpec()
        let black = try blackInBothLooks(of: spec, in: folder)
        for time in Self.middle {
            let middle = try frame(of: spec, at: time, in: folder)
            let worst = black.map { darkest(middle.pixel(x: $0.x, y: $0.y)) }.max() ?? 0
            let opaque = black.allSatisfy { middle.pixel(x: $0.x, y: $0.y).alpha == 255 }
            #expect(worst <= 10 && opaque, "at \(time) s a pixel black in both looks is \(worst)/255 (of \(black.count) such pixels)")
        }
    }

    /// The animated SVG mixes the looks as the frames do, in Chromium.
    @Test func theAnimatedSVGMixesTheLooksAsTheFramesDo() throws {
        guard Chromium.path != nil else {
            Issue.record("Chromium is not installed; `make test` installs it (scripts/install-dependencies.sh --test)")
            return
        }
        let (folder, spec) = try writeSpec()
        let black = try blackInBothLooks(of: spec, in: folder)
        let render = try runTool(["render", spec.path, "-o", folder.appendingPathComponent("out").path, "--format", "svg-animated", "-q"])
        try #require(render.status == 0, "\(render.stderr)")
        let svg = try String(contentsOf: folder.appendingPathComponent("out/fade/fade.svg"), encoding: .utf8)
        let size = try frame(of: spec, at: 0, in: folder)
        func lightest(at time: Double) throws -> (lightest: UInt8, darkShare: Double) {
            let shown = try pausedSVGPicture(svg: svg, time: time, width: size.width, height: size.height, scale: 2, in: folder)
            let dark = black.filter { darkest(shown.pixel(x: $0.x, y: $0.y)) <= 24 }.count
            return (black.map { darkest(shown.pixel(x: $0.x, y: $0.y)) }.max() ?? 0, Double(dark) / Double(black.count))
        }
        // Skia's anti-aliasing is not FreeType's: a few of these pixels are edges in Chromium even with one look
        // alone, so the settled looks set how light the lightest may be.
        let (start, end) = (try lightest(at: 0.1), try lightest(at: 1))
        let settled = (lightest: max(start.lightest, end.lightest), darkShare: min(start.darkShare, end.darkShare))
        for time in Self.middle {
            let (worst, darkShare) = try lightest(at: time)
            #expect(
                darkShare >= settled.darkShare - 0.05 && Int(worst) <= Int(settled.lightest) + 16,
                "at \(time) s Chromium shows \(Int(darkShare * 100))% of the \(black.count) pixels black in both looks as black (\(Int(settled.darkShare * 100))% with one look), the lightest \(worst)/255 (\(settled.lightest)/255 with one look)"
            )
        }
    }
}
