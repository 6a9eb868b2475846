import Foundation
import Testing

@testable import PickerKit

@Suite("JSON Schema")
struct SchemaTests {
    func schema() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("schema/pickerreel.schema.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    func properties(_ object: [String: Any]?, _ path: [String]) -> Set<String> {
        var node = object
        for key in path { node = (node?["properties"] as? [String: Any])?[key] as? [String: Any] }
        return Set(((node?["properties"] as? [String: Any]) ?? [:]).keys)
    }

    @Test func theSchemaListsExactlyTheKeysTheDecoderAccepts() throws {
        let root = try schema()
        #expect(properties(root, []) == Set(SpecKeys.root))
        #expect(properties(root, ["selection"]) == Set(SpecKeys.selection))
        #expect(properties(root, ["style"]) == Set(SpecKeys.style))
        #expect(properties(root, ["style", "font"]) == Set(SpecKeys.font))
        #expect(properties(root, ["style", "highlight"]) == Set(SpecKeys.highlight))
        #expect(properties(root, ["style", "icon"]) == Set(SpecKeys.icon))
        #expect(properties(root, ["style", "track"]) == Set(SpecKeys.track))
        #expect(properties(root, ["style", "selectedLabel"]) == Set(SpecKeys.selectedLabel))
        #expect(properties(root, ["variants"]) == Set(SpecKeys.variants))
        #expect(properties(root, ["animation"]) == Set(SpecKeys.animation))
        #expect(properties(root, ["output"]) == Set(SpecKeys.output))
        let sequence =
            ((root["properties"] as? [String: Any])?["selection"] as? [String: Any])
            .flatMap { ($0["properties"] as? [String: Any])?["sequence"] as? [String: Any] }?["items"] as? [String: Any]
        #expect(Set(((sequence?["properties"] as? [String: Any]) ?? [:]).keys) == Set(SpecKeys.change))
        let item = ((root["$defs"] as? [String: Any])?["item"] as? [String: Any])?["oneOf"] as? [[String: Any]]
        let itemObject = item?.first { $0["type"] as? String == "object" }
        #expect(Set(((itemObject?["properties"] as? [String: Any]) ?? [:]).keys) == Set(SpecKeys.item))
    }

    @Test func theSchemaNamesEveryColourTheParserKnows() throws {
        let colour = (try schema()["$defs"] as? [String: Any])?["color"] as? [String: Any]
        let names = ((colour?["anyOf"] as? [[String: Any]])?.last?["enum"] as? [String]) ?? []
        #expect(Set(names) == Set(NamedColor.allCases.map(\.rawValue)))
    }
}
