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
