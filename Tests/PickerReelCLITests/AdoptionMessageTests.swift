import Foundation
import TestSupport
import Testing

/// What a team adopting the tool meets first (issue 37).
///
/// Did-you-means for the words other tools use, the next step
/// in a message, and set-up text that matches the scripts. Through the built binary.
@Suite("Messages a new user meets")
struct AdoptionMessageTests {
    /// `validate` on a spec whose highlight is `"color": COLOR` and whose curve is `"curve": CURVE`.
    func validate(color: String = "indigo", curve: String = "linear") throws -> ProcessRun {
        let folder = try temporaryFolder()
        let spec = try writeSpec(
            #"{"items": ["A", "B"], "style": {"highlight": {"color": "\#(color)"}}, "animation": {"curve": "\#(curve)"}}"#,
            named: "words.json", in: folder)
        return try runTool(["validate", spec])
    }

    @Test(arguments: [
        ("grey", "gray"), ("transparent", "clear"), ("Grey", "gray"), ("indgo", "indigo"), ("tertiary-system-fill", "tertiarySystemFill"),
    ])
    func aColourNameOfAnotherToolkitSuggestsSwiftUIsName(typed: String, meant: String) throws {
        let run = try validate(color: typed)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("style.highlight.color"), "\(run.stderr)")
        #expect(run.stderr.contains("found the string \"\(typed)\" (did you mean \"\(meant)\"?)"), "\(run.stderr)")
    }

    @Test func aColourFarFromEveryNameOrAHexColourGetsNoGuess() throws {
        for typed in ["chartreuse", "#12345"] {
            let run = try validate(color: typed)
            #expect(run.status == 2 && !run.stderr.contains("did you mean"), "\(typed): \(run.stderr)")
        }
    }

    @Test(arguments: [("easeinout", "easeInOut"), ("ease-in-out", "easeInOut"), ("EaseOut", "easeOut"), ("lineer", "linear")])
    func aCurveNameSpeltAnotherWaySuggestsSwiftUIsName(typed: String, meant: String) throws {
        let run = try validate(curve: typed)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("animation.curve"), "\(run.stderr)")
        #expect(run.stderr.contains("(did you mean \"\(meant)\"?)"), "\(run.stderr)")
    }

    @Test func aHostileCurveOrColourNameIsRefusedWithoutAGuess() throws {
        let long = String(repeating: "easeInOut", count: 2_000)
        for run in [try validate(curve: long), try validate(color: String(repeating: "gray", count: 5_000))] {
            #expect(run.status == 2 && !run.stderr.contains("did you mean"), "\(run.stderr.prefix(300))")
            #expect(run.stderr.utf8.count < 2_000, "the message quotes a prefix, not the whole value")
        }
    }

    @Test func fpsOnTheCommandLineNamesTheSpecFieldNotCRF() throws {
        let run = try runTool(["render", "--fps", "60"])
        #expect(run.status == 2, "\(run)")
        #expect(!run.stderr.contains("--crf"), "\(run.stderr)")
        #expect(run.stderr.contains("unknown option '--fps' (output.fps is set in the spec"), "\(run.stderr)")
        // A real typo still gets its guess.
        let typo = try runTool(["render", "--qiuet"])
        #expect(typo.status == 2 && typo.stderr.contains("did you mean '--quiet'?"), "\(typo.stderr)")
    }

    @Test func compareWithNoGoldensFolderSaysHowToMakeItWithUpdate() throws {
        let folder = try temporaryFolder()
        #expect(try runTool(["render", "-o", "out", "--times", "0", "-q"], in: folder).status == 0)
        let run = try runTool(["compare", "goldens", "out"], in: folder)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("goldens: no such file or folder"), "\(run.stderr)")
        #expect(run.stderr.contains("run `pickerreel compare goldens out --update`"), "\(run.stderr)")
        // The suggestion works, and a missing ACTUAL is not offered --update.
        #expect(try runTool(["compare", "goldens", "out", "--update"], in: folder).status == 0)
        let neither = try runTool(["compare", "nothing", "nowhere"], in: folder)
        #expect(neither.status == 2 && !neither.stderr.contains("--update"), "\(neither.stderr)")
    }
}

/// The set-up text says what the scripts do.
@Suite("Set-up text a new user reads")
struct AdoptionSetUpTextTests {
    func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theReadmeListsExactlyThePackagesTheSetUpInstalls() throws {
        let script = try text("scripts/install-dependencies.sh")
        let start = try #require(script.range(of: "debian=("))
        let end = try #require(script[start.upperBound...].range(of: ")"))
        let installed = Set(script[start.upperBound..<end.lowerBound].split(whereSeparator: \.isWhitespace).map(String.init))
        let readme = try text("README.md")
        let listStart = try #require(readme.range(of: "(`pkg-config "))
        let listEnd = try #require(readme[listStart.upperBound...].range(of: "`"))
        let listed = Set(
            ("pkg-config " + readme[listStart.upperBound..<listEnd.lowerBound]).split(whereSeparator: \.isWhitespace).map(String.init))
        #expect(listed == installed, "README lacks \(installed.subtracting(listed)), has extra \(listed.subtracting(installed))")
        #expect(installed.contains("nettle-dev"))
    }

    @Test func noHomebrewHintForAToolThatDoesNotBuildOnMacOS() throws {
        for path in ["Package.swift", "scripts/install-dependencies.sh", "README.md"] {
            let text = try text(path)
            #expect(!text.contains(".brew(") && !text.contains("Homebrew") && !text.contains("brew install"), "\(path)")
        }
    }

    @Test func everyExpectedKnownIssueSaysItIsExpected() throws {
        let tests = repositoryRoot.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".swift")
        }
        var found = 0
        for file in files {
            let source = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            // Swift Testing prints a known issue's test by its display name, not withKnownIssue's comment: both say so.
            var test = ""
            for line in source.split(separator: "\n") {
                if line.contains("@Test") { test = String(line) }
                guard line.contains("withKnownIssue("), !line.contains("\"withKnownIssue(") else { continue }
                found += 1
                #expect(line.contains("withKnownIssue(\"Expected"), "\(file): \(line)")
                #expect(test.contains("@Test(\"Expected known issue: "), "\(file): \(test)")
            }
        }
        #expect(found >= 2)
    }

    @Test func theToolSourcesUseNoDeprecatedCStringArrayConversion() throws {
        // `make demo` printed Swift's deprecation warning for String(cString:) on an array (FixedDecimals.swift).
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".swift")
        }
        for file in files {
            let source = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!source.contains("String(cString: buffer)"), "\(file)")
        }
    }
}
