import FoundationEssentials
import PickerKit
import Synchronization
import Testing
import XCTest

/// Records a snapshot's findings as issues of the running test, at the assertion's own source location: through
/// Swift Testing when a Swift Testing test is running (with the expected, actual and diff pictures attached), and
/// through XCTest's `XCTFail` otherwise.
struct SnapshotReporter {
    /// Where the assertion was written.
    struct Location: Equatable, Sendable {
        var fileID: String
        var filePath: StaticString
        var line: UInt
        var column: UInt

        static func == (lhs: Location, rhs: Location) -> Bool {
            lhs.fileID == rhs.fileID && "\(lhs.filePath)" == "\(rhs.filePath)" && lhs.line == rhs.line && lhs.column == rhs.column
        }
    }

    /// For the tests of this library: collects what would be recorded, instead of recording it.
    final class Collector: Sendable {
        private let recorded = Mutex<[(message: String, location: Location, attachments: [String])]>([])
        private let warned = Mutex<[String]>([])

        func add(_ message: String, _ location: Location, _ attachments: [String]) {
            recorded.withLock { $0.append((message, location, attachments)) }
        }

        var issues: [(message: String, location: Location, attachments: [String])] {
            recorded.withLock { $0 }
        }

        func warn(_ message: String) {
            warned.withLock { $0.append(message) }
        }

        /// The warnings that would have been recorded.
        var warnings: [String] {
            warned.withLock { $0 }
        }
    }

    @TaskLocal static var collector: Collector?

    var location: Location

    /// Records `outcome`'s findings, one issue each (the goldens written, one issue in all), with their pictures.
    func report(_ outcome: SnapshotOutcome) {
        for issue in outcome.issues { record(issue.message, attachments: issue.pictures) }
    }

    /// Records `message` as one issue, or as a warning (Swift Testing's warning severity; a line on standard output
    /// under XCTest, which has none) when `isWarning`.
    func report(message: String, isWarning: Bool) {
        guard isWarning else { return record(message, attachments: []) }
        if let collector = Self.collector {
            collector.warn(message)
        } else if Test.current != nil {
            let source = SourceLocation(
                fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line), column: Int(location.column))
            Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: source)
        } else {
            print("\(location.filePath):\(location.line): warning: \(message)")
        }
    }

    private func record(_ message: String, attachments: [String]) {
        if let collector = Self.collector {
            collector.add(message, location, attachments)
            return
        }
        if Test.current != nil {
            let source = SourceLocation(
                fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line), column: Int(location.column))
            Issue.record(Comment(rawValue: message), sourceLocation: source)
            for path in attachments {
                guard let bytes = FileManager.default.contents(atPath: path) else { continue }
                Attachment.record([UInt8](bytes), named: FilePath.lastComponent(path), sourceLocation: source)
            }
        } else {
            XCTFail(message, file: location.filePath, line: location.line)
        }
    }
}
