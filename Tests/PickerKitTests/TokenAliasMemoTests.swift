import Testing

@testable import PickerKit

/// Issue 35, leftovers: a token set follows each alias chain once, however many fields and variants name it, and
/// keeps the 64-alias cap and the type rule (Format module 2025.10, "Aliases / References": a chain ends at a value;
/// "Type": a token's own `$type`, else the one an alias or group gives).
@Suite("Alias chains are followed once per token set")
struct TokenAliasMemoTests {
    /// `a0 → a1 → … → a(length-1) → value`, all of it in one file.
    static func chain(_ length: Int, type: String = "dimension") -> TokenSet {
        var tokens: [String: DesignToken] = [:]
        for index in 0..<length {
            let value: JSONValue = index == length - 1 ? .string("8px") : .string("{a\(index + 1)}")
            tokens["a\(index)"] = DesignToken(
                path: "a\(index)", value: value, type: index == length - 1 ? TokenType(rawValue: type) : nil, file: "t.json")
        }
        return TokenSet(tokens: tokens)
    }

    @Test func eachTokenOfAChainIsFollowedOnceHoweverOftenItIsResolved() throws {
        let set = Self.chain(60)
        for _ in 0..<100 {
            for index in [0, 30, 59] { _ = try set.resolve("a\(index)") }
        }
        // Without the memo: 100 × (60 + 30 + 1) tokens followed.
        #expect(set.memo.steps == 60)
        let copy = set  // a copy, as each field's converter holds, shares what was found
        #expect(try copy.resolve("a10").value == .string("8px") && copy.memo.steps == 60)
    }

    @Test func theCapHoldsWhenAChainIsResolvedFromItsMiddleFirst() throws {
        let set = Self.chain(70)
        #expect(try set.resolve("a40").type == .dimension)  // 30 tokens: within the cap
        #expect(throws: TokenFailure.self) { try set.resolve("a0") }  // 70 tokens: 69 aliases, over 64
        let limit = Self.chain(TokenSet.maximumChain + 1)
        _ = try limit.resolve("a32")
        #expect(try limit.resolve("a0").source.path == "a\(TokenSet.maximumChain)")  // exactly 64 aliases
    }

    @Test func theTypeOfAnAliasWithOneOfItsOwnIsKeptAfterTheChainIsKnown() throws {
        var tokens = Self.chain(3, type: "").tokens  // the end has no $type
        tokens["a1"]?.type = .dimension
        tokens["a0"]?.type = .number
        let set = TokenSet(tokens: tokens)
        #expect(try set.resolve("a1").type == .dimension)
        #expect(try set.resolve("a0").type == .number)  // the first declared on its chain, as before the memo
        #expect(throws: TokenFailure.self) { try set.resolve("a2") }  // no type on it or before it
    }
}
