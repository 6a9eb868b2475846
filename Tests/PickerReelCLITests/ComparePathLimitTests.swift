import Foundation
import TestSupport
import Testing

/// Issue 34, finding 10: a file deeper than the system's path limit was silently left out of a compare ("1 of 1 file
/// differs"); now it is an error naming the folder, exit status 2, through the built binary.
@Suite("compare: paths past the system's limit")
struct ComparePathLimitTests {
    @Test func aFileDeeperThanThePathLimitIsAnErrorNamingTheFolder() throws {
        let work = try temporaryFolder()
        try writeSpec(
            #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#,
            named: "a.json", in: work)
        try #require(try runTool(["render", "a.json", "-o", "goldens", "-q"], in: work).status == 0)
        try #require(try runTool(["render", "a.json", "-o", "Output", "-q"], in: work).status == 0)
        // A golden 44 folders of 100 bytes down (over 4,400 bytes, past PATH_MAX), made one folder at a time.
        let name = String(repeating: "d", count: 100)
        // (A shell's `cd` builds the whole path and fails past the limit; python's chdir takes each name.)
        let made = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import os, shutil; source = os.path.abspath('goldens/a/frame-0000.png'); os.chdir('goldens')\n"
                    + "for _ in range(44): os.mkdir('\(name)'); os.chdir('\(name)')\n" + "shutil.copyfile(source, 'frame-0000.png')",
            ], in: work)
        try #require(made.status == 0, "\(made.stderr)")
        let compared = try runTool(["compare", "goldens", "Output"], in: work)
        #expect(compared.status == 2, "\(compared.stdout)\(compared.stderr)")
        #expect(compared.stderr.contains("goldens/\(name)/\(name)"), "\(compared.stderr)")
        #expect(compared.stderr.contains("path"), "\(compared.stderr)")
        #expect(compared.stderr.utf8.count < 10_000, "the message names the folder, cut short")
        #expect(!compared.stdout.contains("files match"), "\(compared.stdout)")
    }
}
