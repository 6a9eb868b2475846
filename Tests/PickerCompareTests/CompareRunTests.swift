import Foundation
import PickerCompare
import PickerKit
import PickerRender
import Synchronization
import TestSupport
import Testing

/// `CompareRun`, the library's owner of a compare, called as a user of the library would: its verdicts, and the
/// refusals that leave everything as it was.
@Suite("CompareRun")
struct CompareRunTests {
    /// What a run printed, by stream.
    final class Printed: Sendable {
        let results = Mutex("")
        let messages = Mutex("")

        var output: CompareOutput {
            CompareOutput(
                results: { text in self.results.withLock { $0 += text } }, messages: { text in self.messages.withLock { $0 += text } })
        }
    }

    /// A tree holding `spec/frame-0000.png`, a 4 × 4 picture of `color`.
    static func tree(_ color: (UInt8, UInt8, UInt8, UInt8)) throws -> String {
        let folder = try temporaryFolder().path
        try AtomicFile.write(try PNGFile.encode(RGBAImage(width: 4, height: 4, filledWith: color)), to: folder + "/spec/frame-0000.png")
        return folder
    }

    @Test func equalTreesMatchAndDifferingTreesDiffer() throws {
        let expected = try Self.tree((0, 0, 0, 255))
        let printed = Printed()
        #expect(
            try CompareRun(CompareOptions(expected: expected, actual: try Self.tree((0, 0, 0, 255)))).run(printing: printed.output)
                == .matches)
        #expect(
            try CompareRun(CompareOptions(expected: expected, actual: try Self.tree((255, 0, 0, 255)))).run(printing: printed.output)
                == .differs)
        #expect(printed.results.withLock { $0 }.contains("spec: 1 of 1 frame differs, first at frame 0, largest 16 pixels at frame 0\n"))
    }

    @Test func aReportThroughALinkIsRefusedAndNothingIsWritten() throws {
        let elsewhere = try temporaryFolder().path
        let folder = try temporaryFolder().path
        try FileManager.default.createSymbolicLink(atPath: folder + "/reports", withDestinationPath: elsewhere)
        var options = CompareOptions(expected: try Self.tree((0, 0, 0, 255)), actual: try Self.tree((255, 0, 0, 255)))
        options.reports = [.junit(path: folder + "/reports/junit.xml")]
        #expect {
            try CompareRun(options).run(printing: Printed().output)
        } throws: { error in
            "\(error)".contains("is a symbolic link") && "\(error)".contains("(nothing was written)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test func anUpdateOfActualInsideExpectedIsRefusedAndNothingChanges() throws {
        let expected = try Self.tree((0, 0, 0, 255))
        let before = try Data(contentsOf: URL(fileURLWithPath: expected + "/spec/frame-0000.png"))
        var options = CompareOptions(expected: expected, actual: expected + "/spec")
        options.update = true
        #expect {
            try CompareRun(options).run(printing: Printed().output)
        } throws: { error in
            "\(error)".contains("is inside EXPECTED") && "\(error)".contains("(nothing was changed)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: expected + "/spec/frame-0000.png")) == before)
    }

    @Test func nothingToCompareIsRefusedUnlessAllowed() throws {
        var options = CompareOptions(expected: try temporaryFolder().path, actual: try temporaryFolder().path)
        #expect {
            try CompareRun(options).run(printing: Printed().output)
        } throws: { error in
            "\(error)".hasPrefix("nothing to compare: no PNG files in ")
        }
        options.allowsEmpty = true
        #expect(try CompareRun(options).run(printing: Printed().output) == .matches)
    }
}
