import Foundation
import Testing

@testable import PickerKit

/// The switch journal's parser (issue 34, finding 1): it reads back what the tool writes and refuses anything else,
/// naming the entry; the fuzz target `make fuzz-journal` checks the same promises on mutated input.
@Suite("Switch journal")
struct SwitchJournalTests {
    func parse(_ text: String) throws(SwitchJournal.Refusal) -> SwitchJournal {
        try SwitchJournal.parse(Array(text.utf8))
    }

    @Test func readsBackWhatTheToolWrites() throws {
        let journals = [
            SwitchJournal(
                write: ["frame-0000.png", "frame-0001.svg", "s.gif", "s-sheet.png", "pickerreel-manifest.json"], remove: ["frame-0002.png"]),
            SwitchJournal(
                write: ["a/b/frame-0000.png", "a/pickerreel-manifest.json", "s.0.500s.png", "A.PNG", "x.webp"], remove: ["c/y.apng"]),
            SwitchJournal(write: [".hidden.gif", "s.mp4", "s.webm", "s.svg", "::error::new\u{1B}[2J.png", "a\nb.png"], remove: []),
            SwitchJournal(write: [], remove: []),
        ]
        for journal in journals {
            #expect(journal.refusal == nil)
            #expect(try SwitchJournal.parse(journal.bytes) == journal)
        }
    }

    @Test(arguments: [
        ".bashrc", "Makefile", "scripts/build.sh", "../x.png", "/etc/x.png", "a/../x.png", "./x.png", "a//x.png", "x.png/",
        ".git/x.png", ".pickerreel-old-1/x.png", ".pickerreel-new.png", "x.png\u{0}", ".png", "", "/dev/null",
        String(repeating: "a", count: 256) + ".png", String(repeating: "a/", count: 2_100) + "x.png",
    ])
    func refusesNamesTheToolDoesNotWrite(name: String) throws {
        #expect(!ToolFileName.isWritten(name))
        let escaped = name.unicodeScalars.map {
            $0.value < 0x20
                ? "\\u" + String(repeating: "0", count: 4 - String($0.value, radix: 16).count) + String($0.value, radix: 16) : String($0)
        }.joined()
        #expect(throws: SwitchJournal.Refusal.foreignName(name)) { try parse(#"{"write":["\#(escaped)"],"remove":[]}"#) }
        #expect(throws: SwitchJournal.Refusal.foreignName(name)) { try parse(#"{"write":[],"remove":["\#(escaped)"]}"#) }
    }

    @Test func theMessageNamesTheEntryBounded() {
        #expect(SwitchJournal.Refusal.foreignName(".bashrc").reason == "names .bashrc, which is not a file PickerReel writes")
        let long = SwitchJournal.Refusal.foreignName(String(repeating: "x", count: 10_000) + "\n").reason
        #expect(long.count < 300 && long.hasSuffix("…, which is not a file PickerReel writes"))
        #expect(SwitchJournal.Refusal.foreignName("a\u{1B}[2Jb").reason.contains("a\\u{1b}[2Jb"))
    }

    @Test(arguments: [
        "", "null", "[]", #"{"write":[]}"#, #"{"remove":[]}"#, #"{"write":[],"remove":[],"more":[]}"#,
        #"{"write":{},"remove":[]}"#, #"{"write":[1],"remove":[]}"#, #"{"write":[null],"remove":[]}"#,
        #"{"write":[],"remove":[],"write":[]}"#, #"{"write":[],"remove":[]} x"#,
        String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
    ])
    func refusesWhatIsNotAJournal(text: String) {
        #expect {
            try parse(text)
        } throws: { error in
            if case .malformed = error as? SwitchJournal.Refusal { return true }
            return false
        }
    }

    @Test func refusesANameListedTwice() {
        #expect(throws: SwitchJournal.Refusal.repeatedName("a.png")) { try parse(#"{"write":["a.png"],"remove":["a.png"]}"#) }
        #expect(SwitchJournal(write: ["a.png", "a.png"], remove: []).refusal == .repeatedName("a.png"))
    }

    @Test func refusesAJournalPastItsLimitsBeforeParsingIt() {
        let huge = [UInt8](repeating: 0x20, count: SwitchJournal.maximumBytes + 1)
        #expect(throws: SwitchJournal.Refusal.tooLarge(bytes: huge.count)) { try SwitchJournal.parse(huge) }
        let names = (0...SwitchJournal.maximumEntries).map { "f\($0).png" }
        let many = SwitchJournal(write: names, remove: [])
        #expect(many.refusal == .tooManyEntries(count: names.count))
        #expect(throws: SwitchJournal.Refusal.tooManyEntries(count: names.count)) { try SwitchJournal.parse(many.bytes) }
    }

    /// The fuzz target's seeds (Fixtures/journal-corpus) keep the promises it checks, in every test run.
    @Test func theFuzzCorpusKeepsThePromises() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/journal-corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 8)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(SwitchJournal.brokenPromise(parsing: bytes) == nil, "\(name)")
        }
    }
}
