import Foundation
import TestSupport
import Testing

@testable import PickerKit

/// Issue 35, part 1: the JSON Schema's `tokens` takes the same two forms the tool reads, token files or a resolver
/// object with exactly the keys the tool accepts, and a variant value's list only files.
@Suite("JSON Schema: tokens as files or a resolver")
struct TokenResolverSchemaTests {
    @Test func theResolverObjectHasTheKeysTheToolReads() throws {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("schema/pickerreel.schema.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tokens = try #require((root["properties"] as? [String: Any])?["tokens"] as? [String: Any])
        let forms = try #require(tokens["oneOf"] as? [[String: Any]])
        let object = try #require(forms.first { $0["type"] as? String == "object" })
        #expect(Set(((object["properties"] as? [String: Any]) ?? [:]).keys) == Set(SpecPreparation.resolverSpecKeys))
        #expect(forms.contains { $0["$ref"] as? String == "#/$defs/tokenFiles" })
        let perValue =
            ((((root["properties"] as? [String: Any])?["variants"] as? [String: Any])?["properties"] as? [String: Any])?["tokens"]
            as? [String: Any])?["properties"] as? [String: Any]
        #expect(perValue?.values.allSatisfy { ($0 as? [String: Any])?["$ref"] as? String == "#/$defs/tokenFiles" } == true)
        #expect(perValue?.count == VariantTokenKey.all.count)
    }
}
