import Foundation
import PickerSystem
import Testing

@testable import PickerKit

/// The small stand-ins for Foundation's string and lock APIs, which keep Foundation (CoreFoundation, ICU) out of
/// the tool, give what Foundation gives on the inputs the tool meets: Foundation is the oracle here.
@Suite("Foundation stand-ins")
struct FoundationStandInTests {
    static let folders = ["", "/", "out", "out/", "out//", "/tmp/a", "./a b", "a/./b", "ünï/cödé"]
    static let names = ["x.png", "files/diff", "a b", "é", "index.html", ".hidden", "a/"]

    /// `FilePath.join` is `NSString.appendingPathComponent`, and `FilePath.lastComponent` its `lastPathComponent`.
    @Test func pathsAreJoinedAndSplitAsNSStringDoes() {
        for folder in Self.folders {
            for name in Self.names {
                #expect(FilePath.join(folder, name) == (folder as NSString).appendingPathComponent(name), "\(folder) + \(name)")
            }
        }
        for path in ["a/b.png", "b.png", "/a/b/", "/", "a//b", "dir/sub/", "x"] {
            #expect(FilePath.lastComponent(path) == (path as NSString).lastPathComponent, "\(path)")
        }
    }

    /// `NumberText` writes what `String(format:)` writes for the tool's conversions, at awkward values too, and
    /// its shortest form is Swift's own digits without a whole number's `.0`.
    @Test func numbersAreWrittenAsStringFormatWritesThem() {
        let values = [0, -0.0, 0.0005, 0.00049, 1.5, 2.5, -2.5, 1e-7, 123_456.789, 99.95, 1 / 3.0, 1e21, .infinity, -.infinity, .nan]
        for value in values {
            for digits in [0, 2, 3, 4, 6] {
                #expect(NumberText.fixed(value, digits: digits) == String(format: "%.\(digits)f", value), "\(digits) digits of \(value)")
            }
            #expect(NumberText.significant(value) == String(format: "%.3g", value), "\(value)")
        }
        // A result longer than the first buffer.
        #expect(NumberText.fixed(1e30, digits: 40) == String(format: "%.40f", 1e30))
        #expect([0.5, 12.5, -0.0001, 2, 1 / 3.0].map { NumberText.trimmed($0) } == ["0.5", "12.5", "0", "2", "0.333"])
        let shortest = [1, 0.02, -3, 1e15, 1e20, 0.1 + 0.2].map(NumberText.shortest)
        #expect(shortest == ["1", "0.02", "-3", "1000000000000000.0", "1e+20", "0.30000000000000004"])
    }

    /// `replacingScalars` replaces as chained `replacingOccurrences(of:with:)` calls do, also a `\r` in `\r\n`; and
    /// an `&` that a combining mark follows, which Foundation on Linux and whole-character comparison both miss.
    @Test func scalarsAreReplacedAsFoundationReplacesThem() {
        let map: [(String, String)] = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("|", "&#124;"), ("\n", " "), ("\r", "%0D")]
        let scalars = Dictionary(uniqueKeysWithValues: map.map { (Unicode.Scalar($0.0)!, $0.1) })
        for text in ["plain", "a&b<c>d|e", "line\r\nbreak", "é\u{0301}<", "", "&&&", "🏳️‍🌈|"] {
            let foundation = map.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
            #expect(text.replacingScalars(scalars) == foundation, "\(text.debugDescription)")
        }
        #expect("&\u{301}x".replacingScalars(scalars) == "&amp;\u{301}x")
    }

    /// `trimmingWhitespace` trims what `trimmingCharacters(in: .whitespaces)` and `.whitespacesAndNewlines` trim.
    @Test func whitespaceIsTrimmedAsFoundationTrimsIt() {
        for text in ["  png ", "\tgif\t", " \u{00A0}webp\u{2003}", "\n svg \r\n", "", "   ", "a b", "\u{2028}x\u{2029}", "\u{85}y"] {
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(
                text.trimmingWhitespace(newlines: true) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
        }
    }

    /// A thread waiting on `Condition` wakes when another changes the state and broadcasts.
    @Test func theConditionWakes() async {
        final class Flag: @unchecked Sendable {
            let condition = Condition()
            var set = false
        }
        let flag = Flag()
        let waiter = Thread {
            flag.condition.lock()
            while !flag.set { flag.condition.wait() }
            flag.condition.unlock()
        }
        waiter.start()
        usleep(10_000)
        flag.condition.lock()
        flag.set = true
        flag.condition.broadcast()
        flag.condition.unlock()
        while !waiter.isFinished { usleep(1_000) }
        #expect(flag.set)
    }
}
