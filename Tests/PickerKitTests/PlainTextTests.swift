import Foundation
import Testing

@testable import PickerKit

/// The one escaping rule for text the tool prints for people, and its JSON counterpart.
@Suite("PlainText: user text that cannot command the output")
struct PlainTextTests {
    @Test(arguments: [
        ("a\nb\r\tc", #"a\nb\r\tc"#),
        ("esc\u{1B}[31m\u{7}", #"esc\u{1B}[31m\u{7}"#),
        ("\u{9B}\u{7F}\u{202E}\u{2066}\u{2028}", #"\u{9B}\u{7F}\u{202E}\u{2066}\u{2028}"#),
        ("::error::x", #"\u{3A}:error::x"#),
        ("  \u{3000}::add-mask::x", #"  　\u{3A}:add-mask::x"#),
        ("a::b", "a::b"),
        ("\n::error::x", #"\n::error::x"#),
        ("x ##[add-mask]y", #"x ##\u{5B}add-mask]y"#),
        ("日本語 é <b>|`", "日本語 é <b>|`"),
    ])
    func escaped(text: String, expected: String) {
        #expect(PlainText.escaped(text) == expected)
        // Escaping twice changes nothing: the library's messages and the tool's lines may both escape.
        #expect(PlainText.escaped(PlainText.escaped(text)) == expected)
    }

    @Test func jsonKeepsItsValueAndLosesTheCharacters() throws {
        let value = ["name": "##[add-mask]\u{9B}\u{202E}\u{7F}\u{2029}\n\u{1B}"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = PlainText.json(String(decoding: try encoder.encode(value), as: UTF8.self))
        #expect(!json.contains("##[") && json.unicodeScalars.allSatisfy { $0 == "\n" || PlainText.escape($0) == nil })
        #expect(try JSONDecoder().decode([String: String].self, from: Data(json.utf8)) == value)
    }
}
