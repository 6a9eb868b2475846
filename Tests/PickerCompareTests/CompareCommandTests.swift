import Foundation
import PickerKit
import Testing

@testable import PickerCompare

@Suite("pickerreel compare: parsing")
struct CompareCommandParsingTests {
    @Test("both --flag value and --flag=value are accepted")
    func bothSpellings() throws {
        let spaced = try CompareCommand.parse([
            "a", "b", "--threshold", "0.2", "--max-diff-pixels", "5", "--diff", "out", "--report", "json",
        ])
        let joined = try CompareCommand.parse(["--threshold=0.2", "a", "--max-diff-pixels=5", "--diff=out", "b", "--report=json"])
        let expected = CompareOptions(expected: "a", actual: "b", threshold: 0.2, tolerance: .pixels(5), diffPath: "out", report: .json)
        #expect(spaced == expected)
        #expect(joined == expected)
        #expect(try CompareCommand.parse(["a", "b", "--max-diff-ratio", "0.01"]).tolerance == .ratio(0.01))
    }

    @Test("defaults: threshold 0.1, no tolerance, no diff, text report")
    func defaults() throws {
        #expect(try CompareCommand.parse(["a", "b"]) == CompareOptions(expected: "a", actual: "b"))
    }

    @Test("-- ends the options, for paths that begin with a dash")
    func endOfOptions() throws {
        let options = try CompareCommand.parse(["--", "-a.png", "-b.png"])
        #expect(options.expected == "-a.png")
        #expect(options.actual == "-b.png")
    }

    @Test("--help needs no paths")
    func help() throws {
        #expect(try CompareCommand.parse(["--help"]).showsHelp)
        #expect(try CompareCommand.parse(["-h"]).showsHelp)
    }

    @Test(
        "bad command lines are errors that say what is wrong",
        arguments: [
            (["a"], "expected two paths, EXPECTED and ACTUAL; found 1"),
            (["a", "b", "c"], "expected two paths, EXPECTED and ACTUAL; found 3: a b c"),
            (["a", "b", "--colour"], "unknown option --colour"),
            (["a", "b", "--threshold"], "--threshold needs a value (--threshold T)"),
            (["a", "b", "--threshold", "high"], "--threshold: expected a number from 0 to 1, found \"high\""),
            (["a", "b", "--threshold=1.5"], "--threshold: expected a number from 0 to 1, found \"1.5\""),
            (["a", "b", "--threshold", "nan"], "--threshold: expected a number from 0 to 1, found \"nan\""),
            (["a", "b", "--max-diff-pixels", "-1"], "--max-diff-pixels: expected a whole number 0 or more, found \"-1\""),
            (["a", "b", "--max-diff-ratio", "2"], "--max-diff-ratio: expected a number from 0 to 1, found \"2\""),
            (
                ["a", "b", "--max-diff-pixels", "1", "--max-diff-ratio", "0.1"],
                "--max-diff-pixels and --max-diff-ratio cannot be used together"
            ),
            (["a", "b", "--diff", "x", "--diff", "y"], "--diff is given twice"),
            (["a", "b", "--diff", "--report", "json"], "--diff needs a value (--diff OUT)"),
            (["a", "b", "--report", "xml"], "--report: expected text or json, found \"xml\""),
            (["a", "b", "--help=yes"], "--help takes no value"),
        ]
    )
    func badCommandLines(arguments: [String], message: String) {
        #expect(throws: CompareUsageError(message)) {
            try CompareCommand.parse(arguments)
        }
    }

    @Test("the usage text comes from the option table: every flag, its value and its help")
    func usageFromTable() {
        let usage = CompareCommand.usage
        for option in OptionTable.all {
            #expect(usage.contains(option.name))
            #expect(usage.contains(option.help))
        }
        #expect(
            Usage.synopsis
                == "pickerreel compare EXPECTED ACTUAL [--threshold T] [--max-diff-pixels N | --max-diff-ratio R] [--diff OUT] [--report json]"
        )
    }
}

@Suite("pickerreel compare: running")
struct CompareCommandRunTests {
    @Test("exit 0 with --help and the usage on standard output")
    func help() {
        let outcome = CompareCommand.main(["--help"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.stdout == CompareCommand.usage)
    }

    @Test("exit 0 when all match, 1 when any differ, with a text line per file")
    func exitCodes() throws {
        let directory = try TemporaryDirectory()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("same.png"))
        try PNGFixtures.write(PNGFixtures.whiteWithBlackPixels(1), to: directory.file("b.png"))

        let same = CompareCommand.main([directory.file("a.png"), directory.file("same.png")])
        #expect(same.exitCode == 0)
        #expect(same.stdout == "a.png: match, 0 pixels differ (0%), 0 anti-aliased\nThe file matches.\n")
        #expect(same.stderr.isEmpty)

        let different = CompareCommand.main([directory.file("a.png"), directory.file("b.png")])
        #expect(different.exitCode == 1)
        #expect(different.stdout == "a.png: differ, 1 pixel differs (2.08%), 0 anti-aliased\n1 of 1 file differs.\n")

        let tolerated = CompareCommand.main([directory.file("a.png"), directory.file("b.png"), "--max-diff-pixels=1"])
        #expect(tolerated.exitCode == 0)
    }

    @Test("--report json prints the JSON report for folders, missing files named")
    func jsonReport() throws {
        let directory = try TemporaryDirectory()
        let expected = try directory.folder("expected")
        let actual = try directory.folder("actual")
        try PNGFixtures.write(PNGFixtures.white, to: (expected as NSString).appendingPathComponent("a.png"))
        try PNGFixtures.write(PNGFixtures.whiteWithBlackPixels(1), to: (actual as NSString).appendingPathComponent("a.png"))
        try PNGFixtures.write(PNGFixtures.white, to: (expected as NSString).appendingPathComponent("gone.png"))

        let outcome = CompareCommand.main([expected, actual, "--report", "json", "--diff", directory.file("diffs")])
        #expect(outcome.exitCode == 1)
        #expect(
            outcome.stdout == """
                {"files":[{"antialiasedPixels":0,"differentPixels":1,"height":6,"match":false,"name":"a.png","ratio":0.020833333333333332,"width":8},\
                {"match":false,"missing":"actual","name":"gone.png"}],"match":false}

                """
        )
        #expect(FileManager.default.fileExists(atPath: directory.file("diffs/a.png")))
    }

    @Test("exit 2 on a corrupt PNG, with one line naming it")
    func corruptPNG() throws {
        let directory = try TemporaryDirectory()
        try PNGFixtures.write(PNGFixtures.white, to: directory.file("a.png"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: URL(fileURLWithPath: directory.file("bad.png")))
        let outcome = CompareCommand.main([directory.file("a.png"), directory.file("bad.png")])
        #expect(outcome.exitCode == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("error: \(directory.file("bad.png")): not a PNG image that can be read"))
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("exit 2 on a usage error, pointing to --help")
    func usageError() {
        let outcome = CompareCommand.main(["only-one.png"])
        #expect(outcome.exitCode == 2)
        #expect(outcome.stderr.hasPrefix("error: expected two paths, EXPECTED and ACTUAL; found 1\n"))
        #expect(outcome.stderr.contains("--help"))
    }
}
