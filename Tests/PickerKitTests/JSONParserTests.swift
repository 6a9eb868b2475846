import Testing

@testable import PickerKit

@Suite("JSON parser")
struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func keepsIntegersDistinctFromDecimals() throws {
        let value = try parse(#"[2, 2.0, -7, 1e2]"#)
        guard case .array(let numbers) = value else {
            Issue.record("expected an array")
            return
        }
        let integers = numbers.map { element -> Int? in
            if case .number(let number) = element { return number.integer }
            return nil
        }
        #expect(integers == [2, nil, -7, nil])
    }

    @Test func keepsKeyOrderAndValues() throws {
        let value = try parse(#"{"b": true, "a": null, "c": "x\u00e9\n"}"#)
        guard case .object(let object) = value else {
            Issue.record("expected an object")
            return
        }
        #expect(object.members.map(\.key) == ["b", "a", "c"])
        #expect(object["c"] == .string("xé\n"))
        #expect(object["a"] == .null)
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "trailing commas"),
        ("{\n  \"a\": 1,\n  \"a\": 2\n}", 3, 3, "appears twice"),
        ("[1, 2", 1, 6, "expected ',' or ']'"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("[01]", 1, 2, "leading zero"),
        ("nul", 1, 1, "found 'nul'"),
        ("\"abc", 1, 1, "never closed"),
        ("[1] x", 1, 5, "after the end"),
        ("[1e999]", 1, 2, "too large"),
        ("\"\\ud800\"", 1, 8, "surrogate"),
        ("", 1, 1, "end of the file"),
    ])
    func reportsSyntaxErrorsWithPosition(text: String, line: Int, column: Int, fragment: String) {
        #expect {
            try JSONParser.parse(Array(text.utf8))
        } throws: { error in
            guard let syntax = error as? JSONSyntaxError else { return false }
            return syntax.line == line && syntax.column == column && syntax.message.contains(fragment)
        }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
    }

    @Test func boundsNestingDepthInsteadOfOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            try JSONParser.parse(Array(deep.utf8))
        } throws: { error in
            (error as? JSONSyntaxError)?.message.contains("nested deeper than 64") == true
        }
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(Array(allowed.utf8)) }
    }
}
