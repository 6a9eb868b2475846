import Foundation
import TestSupport
import Testing

/// True when strace can trace a child here (a container may forbid ptrace).
private let straceCanTrace: Bool = {
    guard let run = try? runProgram("strace", ["-f", "-c", "-o", "/dev/null", "true"], timeoutFailsTest: false) else { return false }
    return run.status == 0
}()

/// Issue 34, hostile finding D: a forged journal deep within its limits no longer stalls a CI job.
///
/// A journal of 100,000 names 25 folders deep, committed beside folders that really are that deep, made a render or
/// compare reopen every folder of every name in each of three folders: 7.5 million opens, about three minutes of a
/// CI job, before it finished harmlessly. Each folder is now opened once per walk (`ParentWalk`), and the count of `openat` calls, taken by strace, says so without timing.
@Suite("Deep forged journals", .enabled(if: straceCanTrace, "strace cannot trace here"))
struct DeepJournalTests {
    /// The folders of every name: 24 deep.
    static let folders = (1...24).map { String(format: "d%02d", $0) }.joined(separator: "/")
    /// How many names the journal lists.
    static let names = 20_000

    /// A repository with `specs/s.json` and `goldens/s` holding a forged switch: a journal of `names` files 24
    /// folders deep, none of which exists, and the 24 folders made in the commit, backup and goldens folders.
    static func forgedRepository() throws -> URL {
        let repository = try temporaryFolder()
        let specs = repository.appendingPathComponent("specs")
        let goldens = repository.appendingPathComponent("goldens/s")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        try Data(ForgedJournalTests.spec.utf8).write(to: specs.appendingPathComponent("s.json"))
        for place in [".pickerreel-commit-1", ".pickerreel-old-1", "."] {
            try FileManager.default.createDirectory(
                at: goldens.appendingPathComponent(place).appendingPathComponent(folders), withIntermediateDirectories: true)
        }
        let list = (0..<names).map { "\"\(folders)/f\(String(format: "%05d", $0)).png\"" }.joined(separator: ",")
        try Data(#"{"write":[\#(list)],"remove":[]}"#.utf8).write(
            to: goldens.appendingPathComponent(".pickerreel-commit-1/.pickerreel-manifest"))
        return repository
    }

    /// Runs the tool under strace in `repository` and gives the run and its count of `openat` calls.
    static func tracedRun(_ arguments: [String], in repository: URL) throws -> (run: ProcessRun, opens: Int) {
        let counts = repository.appendingPathComponent("strace.txt")
        let run = try runProgram(
            "strace", ["-f", "-c", "-e", "trace=openat", "-o", counts.path, try toolURL().path] + arguments, in: repository,
            timeLimit: 900)
        let table = try String(contentsOf: counts, encoding: .utf8)
        let line = table.split(separator: "\n").first { $0.hasSuffix(" openat") }
        let columns = line.map { $0.split(separator: " ") } ?? []
        // strace -c's columns: % time, seconds, usecs/call, calls, [errors,] syscall.
        return (run, columns.count >= 5 ? Int(columns[3]) ?? -1 : -1)
    }

    @Test func aRenderFinishesADeepForgedSwitchOpeningEachFolderOnce() throws {
        let repository = try Self.forgedRepository()
        let (run, opens) = try Self.tracedRun(["render", "specs/s.json", "-o", "goldens", "-q"], in: repository)
        #expect(run.status == 0, "\(run)")
        // Checking the journal in three folders and finishing it, name by name, opened 24 folders for each of
        // 20,000 names: well over a million calls. Each folder once is a few hundred, with the render's own.
        #expect(opens > 0 && opens < 20_000, "\(opens) openat calls")
        let goldens = repository.appendingPathComponent("goldens/s")
        #expect(!FileManager.default.fileExists(atPath: goldens.appendingPathComponent(".pickerreel-commit-1").path))
        #expect(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("frame-0000.png").path))
    }

    @Test func aPlainCompareChecksADeepForgedJournalOpeningEachFolderOnce() throws {
        let repository = try Self.forgedRepository()
        let render = try runTool(["render", "specs/s.json", "-o", "actual", "-q"], in: repository)
        #expect(render.status == 0, "\(render)")
        let (run, opens) = try Self.tracedRun(["compare", "goldens", "actual"], in: repository)
        // The journal names only files that are not there, in folders that are folders: one the tool would finish,
        // so compare says to finish it, rather than refusing it as not the tool's.
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("goldens/s: an update or render into this folder was cut short"), "\(run)")
        #expect(opens > 0 && opens < 20_000, "\(opens) openat calls")
    }
}
