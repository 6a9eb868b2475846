import Testing

@testable import PickerReelCLI

@Suite("Argument parsing")
struct ParserTests {
    @Test func renderAcceptsBothOptionSpellings() throws {
        let spaced = try CommandParser.parse(["render", "a.json", "-o", "out", "--format", "png,svg"])
        let joined = try CommandParser.parse(["render", "a.json", "--output=out", "--format=png,svg"])
        var expected = RenderOptions()
        expected.specPaths = ["a.json"]
        expected.outputPath = "out"
        expected.formats = [.png, .svg]
        #expect(spaced == .render(expected))
        #expect(joined == .render(expected))
    }

    @Test func pngLevelIsAWholeNumberFromZeroToTwelve() throws {
        var expected = RenderOptions()
        expected.pngLevel = 9
        #expect(try CommandParser.parse(["render", "--png-level", "9"]) == .render(expected))
        expected.pngLevel = 0
        #expect(try CommandParser.parse(["render", "--png-level=0"]) == .render(expected))
        for bad in ["13", "-1", "fast", "4.5"] {
            #expect(throws: UsageError.self) { try CommandParser.parse(["render", "--png-level", bad]) }
        }
        #expect(CommandParser.renderHelp.contains("--png-level N"))
    }

    @Test func renderWithNoSpecRendersTheBuiltInDemo() throws {
        #expect(try CommandParser.parse(["render"]) == .render(RenderOptions()))
    }

    @Test func frameNeedsExactlyOneMoment() throws {
        #expect(
            try CommandParser.parse(["frame", "a.json", "--time", "0.5", "-o", "x.png"])
                == .frame(FrameOptions(specPath: "a.json", moment: .time(0.5), outputPath: "x.png")))
        #expect(throws: UsageError.self) { try CommandParser.parse(["frame", "a.json", "-o", "x.png"]) }
        #expect(throws: UsageError.self) { try CommandParser.parse(["frame", "a.json", "-t", "1", "-i", "2", "-o", "x.png"]) }
        #expect(throws: UsageError.self) { try CommandParser.parse(["frame", "a.json", "-t", "-1", "-o", "x.png"]) }
        #expect(throws: UsageError.self) { try CommandParser.parse(["frame", "a.json", "-t", "1", "-o", "x.jpg"]) }
    }

    @Test func unknownOptionsSuggestTheClosestOne() {
        #expect(throws: UsageError(command: "render", message: "unknown option '--fromat' (did you mean '--format'?)")) {
            try CommandParser.parse(["render", "--fromat", "png"])
        }
        #expect(throws: UsageError(command: "", message: "unknown command 'rendr' (did you mean 'render'?)")) {
            try CommandParser.parse(["rendr"])
        }
        #expect(
            throws: UsageError(
                command: "render",
                message: "--format: unknown format 'gif2'; known formats: png, svg, svg-animated, lottie, sheet, gif, apng, webp, mp4, webm"
            )
        ) {
            try CommandParser.parse(["render", "--format", "png,gif2"])
        }
    }

    @Test(arguments: ["render", "frame", "layout", "timeline", "validate"])
    func everyCommandHasHelpFromItsOptionTable(command: String) throws {
        guard case .help(let text) = try CommandParser.parse([command, "--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(text.hasPrefix("Usage: pickerreel \(command)"))
        #expect(text.contains("--help"))
        if command == "render" {
            for option in CommandParser.renderOptions { #expect(text.contains(option.name)) }
        }
    }
}
