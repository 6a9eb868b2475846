import Foundation
import TestSupport
import Testing

/// compare's advice when EXPECTED does not exist yet is a command to paste: run through a shell as printed, it makes
/// the goldens from ACTUAL, whatever the paths hold (spaces, quotes, `$(…)`, a leading `-`), and runs nothing else.
@Suite("compare's --update advice is a command that can be pasted")
struct UpdateAdviceQuotingTests {
    @Test(arguments: ["gold en's", "-goldens", "plain"])
    func theAdvisedCommandPastedIntoAShellMakesTheGoldens(expected: String) throws {
        let folder = try temporaryFolder()
        let actual = "act ual's $(touch PWNED)"
        #expect(try runTool(["render", "-o", actual, "--times", "0", "-q"], in: folder).status == 0)
        let run = try runTool(["compare", "--", expected, actual], in: folder)
        #expect(run.status == 2, "\(run)")
        let advice = try #require(run.stderr.firstRange(of: "run `pickerreel compare "), "\(run.stderr)")
        let command = try #require(run.stderr[advice.upperBound...].split(separator: "`").first, "\(run.stderr)")
        let pasted = try runProgram("/bin/sh", ["-c", "\"$0\" compare " + command, try toolURL().path], in: folder)
        #expect(pasted.status == 0, "\(command): \(pasted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("PWNED").path), "\(command)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(expected).path), "\(command)")
    }
}
