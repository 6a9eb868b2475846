import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `pickerreel environment`: the render environment as a digest a cache key names, a JSON record, and a check against
/// a record made elsewhere; run as the built binary, each with a fontconfig set of the test's own (FONTCONFIG_FILE).
@Suite("pickerreel environment")
struct EnvironmentCommandTests {
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

    /// A folder of fonts and a fontconfig configuration listing it alone (with its own cache folder).
    struct FontSet {
        let work: URL
        let fonts: URL
        let config: URL
        var environment: [String: String] { ["FONTCONFIG_FILE": config.path] }

        init(_ files: [String: String]) throws {
            work = try temporaryFolder()
            fonts = work.appendingPathComponent("fonts")
            config = work.appendingPathComponent("fonts.conf")
            try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
            for (name, source) in files {
                try FileManager.default.copyItem(atPath: source, toPath: fonts.appendingPathComponent(name).path)
            }
            try Data(
                "<?xml version=\"1.0\"?><fontconfig><dir>\(fonts.path)</dir><cachedir>\(work.appendingPathComponent("cache").path)</cachedir></fontconfig>"
                    .utf8
            ).write(to: config)
        }

        /// The record `--json` prints in this font set.
        func record() throws -> [String: Any] {
            let run = try runTool(["environment", "--json"], environment: environment)
            try #require(run.status == 0, "\(run.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        }

        func digest() throws -> String {
            let run = try runTool(["environment", "--digest"], environment: environment)
            try #require(run.status == 0, "\(run.stderr)")
            return run.stdout.trimmingCharacters(in: .newlines)
        }
    }

    @Test func helpNamesEveryOptionAndWhatTheDigestCovers() throws {
        let run = try runTool(["environment", "--help"])
        #expect(run.status == 0)
        for text in ["--digest", "--json", "--libraries-only", "--check", "fontconfig", "SHA-256"] {
            #expect(run.stdout.contains(text), "\(text): \(run.stdout)")
        }
        #expect(try runTool(["--help"]).stdout.contains("environment"))
    }

    @Test func theRecordNamesTheLibrariesAndEveryFontFileWithItsSHA256() throws {
        let set = try FontSet(["Probe.ttf": Self.sans])
        let record = try set.record()
        let libraries = try #require(record["libraries"] as? [String: String])
        #expect(Set(libraries.keys) == ["cairo", "pango", "harfbuzz", "fontconfig", "freetype"], "\(libraries)")
        #expect(!libraries.values.contains("unknown"), "\(libraries)")
        let fonts = try #require(record["fonts"] as? [String: String])
        #expect(fonts == ["Probe.ttf": try UpToDateRenderTests.sha256(set.fonts.appendingPathComponent("Probe.ttf"))])
        // The digest is the record's, the same run to run, and what --digest prints.
        let digest = try #require(record["digest"] as? String)
        #expect(digest.count == 64 && digest.allSatisfy(\.isHexDigit), "\(digest)")
        #expect(try set.digest() == digest)
        #expect(try set.digest() == digest)
        // The readable record says the same.
        let readable = try runTool(["environment"], environment: set.environment)
        #expect(readable.status == 0)
        #expect(readable.stdout.contains("Render environment \(digest)"), "\(readable.stdout)")
        #expect(readable.stdout.contains("Probe.ttf"), "\(readable.stdout)")
        #expect(readable.stdout.contains("pango"), "\(readable.stdout)")
    }

    @Test func anotherFontSetIsAnotherDigestAndTheSameBytesUnderTheSameNamesAreNot() throws {
        let one = try FontSet(["Probe.ttf": Self.sans])
        let same = try FontSet(["Probe.ttf": Self.sans])
        let added = try FontSet(["Probe.ttf": Self.sans, "Extra.ttf": Self.serif])
        let changed = try FontSet(["Probe.ttf": Self.serif])
        let digest = try one.digest()
        // Another folder holding the same files (another machine's path) is the same environment.
        #expect(try same.digest() == digest)
        #expect(try added.digest() != digest)
        #expect(try changed.digest() != digest)
        #expect(try added.digest() != changed.digest())
        // Renders whose fonts are all their own depend on the libraries alone.
        let own = try runTool(["environment", "--digest", "--libraries-only"], environment: one.environment)
        let ownAdded = try runTool(["environment", "--digest", "--libraries-only"], environment: added.environment)
        #expect(own.status == 0 && own.stdout == ownAdded.stdout && own.stdout.trimmingCharacters(in: .newlines) != digest)
    }

    /// A font folder may hold links (Debian's font packages make some): fontconfig reads through them, so the record
    /// holds what the link leads to, and a link moved to another file is another environment.
    @Test func aFontThatIsALinkIsRecordedByWhatItLeadsTo() throws {
        let plain = try FontSet(["Probe.ttf": Self.sans])
        let linked = try FontSet([:])
        let target = linked.work.appendingPathComponent("elsewhere.ttf")
        try FileManager.default.copyItem(atPath: Self.sans, toPath: target.path)
        let link = linked.fonts.appendingPathComponent("Probe.ttf")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        #expect(try linked.digest() == plain.digest())
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: Self.serif)
        let moved = try linked.record()
        #expect((moved["fonts"] as? [String: String])?["Probe.ttf"] == (try UpToDateRenderTests.sha256(URL(fileURLWithPath: Self.serif))))
        #expect(moved["digest"] as? String != (try plain.digest()))
    }

    @Test func checkSaysSameOrNamesEachDifference() throws {
        let one = try FontSet(["Probe.ttf": Self.sans])
        let other = try FontSet(["Probe.ttf": Self.serif, "Extra.ttf": Self.sans])
        let recordFile = one.work.appendingPathComponent("environment.json")
        let json = try runTool(["environment", "--json"], environment: one.environment)
        try Data(json.stdout.utf8).write(to: recordFile)
        let same = try runTool(["environment", "--check", recordFile.path], environment: one.environment)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("same environment"), "\(same.stdout)")
        let differs = try runTool(["environment", "--check", recordFile.path], environment: other.environment)
        #expect(differs.status == 1, "\(differs.stdout)\(differs.stderr)")
        #expect(differs.stdout.contains("font Probe.ttf: other file"), "\(differs.stdout)")
        #expect(differs.stdout.contains("font Extra.ttf: only in ACTUAL"), "\(differs.stdout)")
    }

    /// A record is input: whatever the file holds, exit 2 with one line naming the file (and the JSON path), and
    /// nothing waited on or followed.
    @Test(arguments: [
        ("not json", "not JSON at line 1"),
        (#"{"libraries": [], "fonts": {}, "digest": "0"}"#, "libraries"),
        (#"{"libraries": {}, "fonts": {}}"#, "digest"),
        (#"{"libraries": {"pango": "9.9"}, "fonts": {}, "digest": "0000"}"#, "digest: does not match"),
        (String(repeating: " ", count: 2 << 20), "at most"),
    ])
    func aMalformedRecordIsRefusedNamingTheFile(contents: String, expected: String) throws {
        let work = try temporaryFolder()
        let file = work.appendingPathComponent("environment.json")
        try Data(contents.utf8).write(to: file)
        let run = try runTool(["environment", "--check", file.path])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.hasPrefix("pickerreel: error: \(file.path): "), "\(run.stderr)")
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aRecordThatIsALinkOrAFIFOIsRefusedWithoutReadingIt() throws {
        let set = try FontSet(["Probe.ttf": Self.sans])
        let real = set.work.appendingPathComponent("real.json")
        try Data(try runTool(["environment", "--json"], environment: set.environment).stdout.utf8).write(to: real)
        let link = set.work.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        let linked = try runTool(["environment", "--check", link.path], environment: set.environment)
        #expect(linked.status == 2 && linked.stderr.contains("symbolic link"), "\(linked.stderr)")
        let fifo = set.work.appendingPathComponent("fifo.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let waited = try runTool(["environment", "--check", fifo.path], environment: set.environment)
        #expect(waited.status == 2 && waited.stderr.contains("not a regular file"), "\(waited.stderr)")
        let missing = try runTool(["environment", "--check", set.work.appendingPathComponent("none.json").path])
        #expect(missing.status == 2 && missing.stderr.contains("no such file"), "\(missing.stderr)")
    }

    /// Names in a record are the record's: a terminal escape or a line break in one is printed escaped, on its line.
    @Test func aRecordsNamesCannotWriteLinesOrEscapes() throws {
        let work = try temporaryFolder()
        let fonts = ["Evil\n::error::forged\u{1B}[2J.ttf": "00"]
        let libraries = ["pango": "0.0"]
        // The digest of the hostile record, so that it is read: --json of the same shape from a font set of that name
        // cannot be made (a file name holds no NUL but may hold the rest), so the digest is computed as the tool does.
        func line(_ kind: String, _ name: String, _ value: String) -> String {
            "\(kind) \(name.utf8.count):\(name) \(value.utf8.count):\(value)\n"
        }
        let libraryLines = libraries.keys.sorted().map { line("library", $0, libraries[$0] ?? "") }
        let fontLines = fonts.keys.sorted().map { line("font", $0, fonts[$0] ?? "") }
        let canonical = (libraryLines + fontLines).joined()
        let canonicalFile = work.appendingPathComponent("canonical.txt")
        try Data(canonical.utf8).write(to: canonicalFile)
        let digest = try UpToDateRenderTests.sha256(canonicalFile)
        let record: [String: Any] = ["digest": digest, "libraries": libraries, "fonts": fonts]
        let file = work.appendingPathComponent("environment.json")
        try JSONSerialization.data(withJSONObject: record).write(to: file)
        let set = try FontSet(["Probe.ttf": Self.sans])
        let run = try runTool(["environment", "--check", file.path], environment: set.environment)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("pango 0.0 →"), "\(run.stdout)")
        #expect(run.stdout.contains(#"font Evil\n::error::forged"#), "the name is printed, escaped: \(run.stdout)")
        #expect(!run.stdout.contains("\u{1B}"), "\(run.stdout)")
        #expect(!run.stdout.split(separator: "\n").contains { $0.hasPrefix("::") }, "\(run.stdout)")
    }

    @Test(arguments: [
        (["environment", "--digest", "--json"], "give one of --digest, --json and --check"),
        (["environment", "specs/a.json"], "takes no operand"),
        (["environment", "--check"], "--check"),
        (["environment", "--check", ""], "--check"),
        (["environment", "--digets"], "--digets"),
    ])
    func usageErrorsExitTwoNamingTheOption(arguments: [String], expected: String) throws {
        let run = try runTool(arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
