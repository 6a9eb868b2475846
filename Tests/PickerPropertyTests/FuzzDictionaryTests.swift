import Foundation
import TestSupport
import Testing

@testable import PickerKit

/// Fuzz/spec.dict, the fuzzers' dictionary, knows every key of a spec and every keyword value, so the fuzzers
/// can reach every field; a key added to `SpecKeys` without the dictionary fails here.
@Suite("Fuzz dictionary")
struct FuzzDictionaryTests {
    /// The dictionary's entries, unescaped: `name="\"items\""` gives `"items"`.
    static let entries: Set<String> = {
        let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent("Fuzz/spec.dict"), encoding: .utf8)) ?? ""
        var entries = Set<String>()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let open = line.firstIndex(of: "\""), line.last == "\"" else { continue }
            let quoted = line[line.index(after: open)..<line.index(before: line.endIndex)]
            entries.insert(quoted.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\"))
        }
        return entries
    }()

    @Test func everyKeyIsInTheDictionary() {
        let keys =
            SpecKeys.root + SpecKeys.item + SpecKeys.selection + SpecKeys.change + SpecKeys.style + SpecKeys.icon + SpecKeys.track
            + SpecKeys.separators + SpecKeys.selectedLabel + SpecKeys.shadow + SpecKeys.touches + SpecKeys.variants + SpecKeys.padding
            + SpecKeys.font + SpecKeys.highlight + SpecKeys.spring + SpecKeys.animation + SpecKeys.output + ["spring", "bezier"]
        let missing = keys.filter { !Self.entries.contains("\"\($0)\"") }
        #expect(missing.isEmpty, "Fuzz/spec.dict lacks \(missing)")
    }

    @Test func everyKeywordValueIsInTheDictionary() {
        let keywords =
            Orientation.allCases.map(\.rawValue) + Distribution.allCases.map(\.rawValue) + HighlightLayer.allCases.map(\.rawValue)
            + NamedColor.allCases.map(\.rawValue) + FontWeight.names.map(\.name) + ["linear", "easeIn", "easeOut", "easeInOut", "spring"]
            + StylePreset.allCases.map(\.rawValue) + LayoutDirection.allCases.map(\.rawValue) + DynamicTypeSize.allCases.map(\.rawValue)
            + IconPosition.allCases.map(\.rawValue) + ColorScheme.allCases.map(\.rawValue)
        let missing = keywords.filter { !Self.entries.contains("\"\($0)\"") }
        #expect(missing.isEmpty, "Fuzz/spec.dict lacks \(missing)")
    }
}
