import Foundation
import PickerKit
import PickerRender
import TestSupport
import Testing

/// Issue 35, part 3, through the built binary: the `contrast` and `reduce-motion` variants render what the settings
/// do, and a bad value is exit 2 naming the field.
@Suite("Accessibility variants through the tool")
struct AccessibilityVariantToolTests {
    static let spec = """
        {"items": ["Day", "Week"], "style": {"highlight": {"color": "blue", "opacity": 1}},
         "selection": {"initial": "Day", "sequence": [{"select": "Week", "after": 0.2}]},
         "animation": {"curve": "linear", "duration": 0.4, "reduceMotion": "none"}, "output": {"fps": 10},
         "variants": {"colorScheme": ["light", "dark"], "increaseContrast": [false, true], "reduceMotion": [false, true]}}
        """

    /// How many pixels of the frame at `time` of `variant` are exactly `hex`.
    func count(_ hex: UInt32, in variant: String, at time: Double, folder: URL) throws -> Int {
        let file = folder.appendingPathComponent("\(variant)-\(time).png")
        let run = try runTool(["frame", "spec.json", "--time", "\(time)", "--variant", variant, "-o", file.path], in: folder)
        try #require(run.status == 0, "\(run)")
        let image = try PNGFile.read(file.path)
        var found = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                if pixel.alpha == 255, UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue) == hex { found += 1 }
            }
        }
        return found
    }

    @Test func theContrastVariantsDrawTheIncreasedContrastBlue() throws {
        let folder = try temporaryFolder()
        try writeSpec(Self.spec, named: "spec.json", in: folder)
        #expect(try count(0x007AFF, in: "default", at: 0, folder: folder) > 100)
        #expect(try count(0x0040DD, in: "contrast", at: 0, folder: folder) > 100)
        #expect(try count(0x0040DD, in: "default", at: 0, folder: folder) == 0)
        #expect(try count(0x409CFF, in: "dark-contrast", at: 0, folder: folder) > 100)
    }

    @Test func theReduceMotionVariantMovesAtOnce() throws {
        let folder = try temporaryFolder()
        try writeSpec(Self.spec, named: "spec.json", in: folder)
        func x(_ variant: String, frame: Int) throws -> Double? {
            let run = try runTool(["timeline", "spec.json", "--variant", variant], in: folder)
            try #require(run.status == 0, "\(run)")
            let report = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
            let frames = try #require(report["frames"] as? [[String: Any]])
            return (frames[frame]["highlight"] as? [String: Any])?["x"] as? Double
        }
        let end = try #require(try x("default", frame: 8))
        #expect(try x("reduce-motion", frame: 3) == end)
        #expect(try #require(try x("default", frame: 3)) < end)
    }

    @Test func badSettingsExitTwoNamingTheField() throws {
        let folder = try temporaryFolder()
        try writeSpec(Self.spec.replacingOccurrences(of: "\"none\"", with: "\"fade\""), named: "spec.json", in: folder)
        let run = try runTool(["validate", "spec.json"], in: folder)
        #expect(
            run.status == 2 && run.stderr.contains("spec.json: animation.reduceMotion: expected \"slide\" or \"none\" or \"crossfade\""),
            "\(run)")
        try writeSpec(#"{"items": ["A"], "style": {"increaseContrast": "yes"}}"#, named: "bad.json", in: folder)
        let flag = try runTool(["validate", "bad.json"], in: folder)
        #expect(flag.status == 2 && flag.stderr.contains("bad.json: style.increaseContrast: expected true or false"), "\(flag)")
    }
}
