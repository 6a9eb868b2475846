import Foundation
import TestSupport
import Testing

@testable import PickerReel

/// Issue 36: each write option's range and message in one place (`WriteOptionRules`): the command line shows the
/// message it always showed, and the library, given the same value in Swift, refuses it with the same words.
@Suite("One rule per option")
struct OptionRuleTests {
    static let spec =
        #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#

    @Test(arguments: [
        (["--format", "webp", "--webp-quality", "101"], "--webp-quality 101: expected a whole number from 0 to 100"),
        (
            ["--format", "gif", "--gif-matte", "#FF000080"],
            "--gif-matte #FF000080: expected an opaque colour (#RRGGBB or a name such as white) or none"
        ),
        (
            ["--format", "webm", "--video-matte", "clear"],
            "--video-matte clear: expected an opaque colour (#RRGGBB or a name such as white)"
        ),
        (["--format", "mp4", "--crf", "52"], "--crf 52: expected a whole number from 0 to 51 (MP4)"),
        (["--format", "webm", "--crf", "64"], "--crf 64: expected a whole number from 0 to 63"),
        (
            ["--times=-1"],
            "--times: '-1' is not a decimal number of seconds from 0 to 10000 (the longest a spec lasts); give a list such as 0,0.5,1.2"
        ),
        (["--times", "0.5,0.5004"], "--times: 0.5 and 0.5004 are the same millisecond; give each moment once"),
        (["--format", "svg", "--every", "0.5"], "--every writes PNG pictures: --format must include png, and not svg"),
    ])
    func theCommandLineShowsTheLibrarysMessage(arguments: [String], message: String) throws {
        let work = try temporaryFolder()
        try writeSpec(Self.spec, named: "spec.json", in: work)
        let run = try runTool(["render", "spec.json", "-o", "Output"] + arguments, in: work)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("Output").path))
    }

    @Test func theLibraryRefusesWithTheSameWords() throws {
        let renderer = try Renderer(try PickerSpec(json: Data(Self.spec.utf8)))
        #expect(throws: RenderError.invalidOption(WriteOptionRules.webpQuality("101"))) { try renderer.webp(quality: 101) }
        #expect(WriteOptionRules.webpQuality("101") == "--webp-quality 101: expected a whole number from 0 to 100")
        #expect(throws: RenderError.invalidOption(WriteOptionRules.crf("52", formats: [.mp4]))) {
            try renderer.mp4(options: VideoOptions(crf: 52))
        }
        let out = URL(fileURLWithPath: try temporaryFolder().appendingPathComponent("out").path)
        func write(_ moments: [Double], formats: [OutputFormat] = [.png]) throws {
            var options = WriteOptions()
            options.moments = moments
            try renderer.write(formats: formats, to: out, options: options)
        }
        #expect(throws: RenderError.invalidMoment(WriteOptionRules.moment("-1.0"))) { try write([-1]) }
        #expect(throws: RenderError.invalidOption(WriteOptionRules.sameMillisecond("0.5", "0.5004"))) { try write([0.5, 0.5004]) }
        #expect(throws: RenderError.invalidOption(WriteOptionRules.momentFormats())) { try write([0.5], formats: [.svg]) }
        #expect(throws: RenderError.invalidOption(WriteOptionRules.momentCount(10_001))) {
            try renderer.write(
                formats: [.png], to: URL(fileURLWithPath: try temporaryFolder().appendingPathComponent("out").path),
                options: {
                    var options = WriteOptions()
                    options.moments = (0..<10_001).map { Double($0) / 1000 }
                    return options
                }())
        }
    }
}
