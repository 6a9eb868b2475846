import Foundation
import TestSupport
import Testing

/// One command line run through /bin/sh with a standard stream that cannot be written.
struct StreamCase: CustomTestStringConvertible, Sendable {
    /// The arguments after the tool's name, with SPEC, MISSING, OUT standing for paths the test makes.
    var arguments: String
    /// The redirections, as a shell writes them.
    var redirection: String
    /// The status the tool must end with: 2 when it had something to write there, 0 when it had nothing.
    var status: Int32
    /// Text standard error must hold, when standard error is writable.
    var message: String?

    var testDescription: String { "\(arguments) \(redirection)" }

    static let all: [StreamCase] = [
        StreamCase(arguments: "--help", redirection: "> /dev/full", status: 2, message: "cannot write to standard output"),
        StreamCase(arguments: "--version", redirection: ">&-", status: 2, message: "cannot write to standard output: it is closed"),
        StreamCase(arguments: "layout SPEC", redirection: "> /dev/full", status: 2, message: "cannot write to standard output"),
        // Closed, it was the lowest free descriptor and became libdispatch's epoll instance ("Invalid argument").
        StreamCase(arguments: "timeline SPEC", redirection: ">&-", status: 2, message: "cannot write to standard output: it is closed"),
        StreamCase(arguments: "layout SPEC", redirection: "<&- >&-", status: 2, message: "cannot write to standard output: it is closed"),
        StreamCase(arguments: "validate SPEC", redirection: "> /dev/full", status: 2, message: "cannot write to standard output"),
        StreamCase(arguments: "render --help", redirection: ">&- 2>&-", status: 2, message: nil),
        StreamCase(
            arguments: "compare OUT/spec/frame-0000.png OUT/spec/frame-0000.png --report json", redirection: "> /dev/full", status: 2,
            message: "cannot write to standard output"),
        // The render's summary line goes to standard error.
        StreamCase(arguments: "render SPEC -o OUT", redirection: "2> /dev/full", status: 2, message: nil),
        StreamCase(arguments: "render SPEC -o OUT", redirection: "2>&-", status: 2, message: nil),
        StreamCase(arguments: "validate MISSING", redirection: "2> /dev/full", status: 2, message: nil),
        StreamCase(arguments: "validate MISSING", redirection: ">&- 2>&-", status: 2, message: nil),
        // Nothing to write, so nothing fails.
        StreamCase(arguments: "render SPEC -o OUT -q", redirection: "> /dev/full 2> /dev/full", status: 0, message: nil),
        StreamCase(arguments: "frame SPEC --index 3 -o OUT/one.png", redirection: ">&- 2>&-", status: 0, message: nil),
    ]
}

/// Output streams that cannot be written (issue 9): a full disk, a closed descriptor, a reader that went away.
///
/// Each is an exit status and, where standard error still works, a message; never a trap with a backtrace.
@Suite("Unwritable output streams")
struct OutputStreamTests {
    static let spec = #"{"items":["Day","Week"],"selection":{"initial":"Day","sequence":[{"select":"Week","after":0.1}],"tail":0.1}}"#

    @Test(arguments: StreamCase.all)
    func anUnwritableStreamIsAnExitStatusNotATrap(_ streamCase: StreamCase) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(Self.spec, named: "spec.json", in: work)
        let output = work.appendingPathComponent("out")
        // compare needs a picture to compare; render one first with the streams intact.
        #expect(try runTool(["render", spec, "-o", output.path, "-q"], timeLimit: 60).status == 0)
        let arguments = streamCase.arguments.replacingOccurrences(of: "SPEC", with: spec)
            .replacingOccurrences(of: "MISSING", with: work.appendingPathComponent("missing.json").path)
            .replacingOccurrences(of: "OUT", with: output.path)
        // The redirections apply to the tool itself (exec), so its status is the shell's.
        let run = try runShell("exec \"$PICKERREEL\" \(arguments) \(streamCase.redirection)", timeLimit: 60)
        #expect(!run.trapped, "\(run)")
        #expect(run.status == streamCase.status, "\(run)")
        if let message = streamCase.message {
            #expect(run.stderr.contains(message), "\(run)")
            #expect(run.errorLines.count == 1, "\(run)")
        }
    }

    @Test func aRenderWhoseSummaryCannotBeWrittenStillWritesEveryFrame() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(Self.spec, named: "spec.json", in: work)
        let output = work.appendingPathComponent("out")
        let run = try runShell("exec \"$PICKERREEL\" render '\(spec)' -o '\(output.path)' --format png,gif 2> /dev/full")
        #expect(!run.trapped && run.status == 2, "\(run)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("spec").path)
        let frames = try runTool(["validate", spec], timeLimit: 60).stdout
        #expect(frames.contains("\(files.filter { $0.hasPrefix("frame-") }.count) frames"), "\(files) \(frames)")
        #expect(files.contains("spec.gif"))
    }

    /// `timeline` of 9,985 frames is megabytes of JSON; `head -c 1` reads one byte and goes away.
    @Test func aReaderThatGoesAwayIsExitTwoWithAMessage() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(CommitScenario.newSpec, named: "long.json", in: work)
        let status = work.appendingPathComponent("status")
        let errors = work.appendingPathComponent("errors")
        let run = try runShell(
            "{ \"$PICKERREEL\" timeline '\(spec)' 2> '\(errors.path)'; echo $? > '\(status.path)'; } | head -c 1 > /dev/null")
        #expect(run.status == 0, "\(run)")
        let toolStatus = try String(contentsOf: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let message = try String(contentsOf: errors, encoding: .utf8)
        // 2, not 141 (killed by SIGPIPE without a word) and not a trap.
        #expect(toolStatus == "2", "\(message)")
        #expect(message == "pickerreel: error: cannot write to standard output: Broken pipe\n")
    }
}
