import Foundation
import Testing

@testable import PickerKit

/// A spec built in Swift is the same value as its JSON, validated by the same rules with the same messages.
@Suite("Specs built in Swift")
struct SpecInSwiftTests {
    @Test func theReadmeSnippetBuildsAndValidates() throws {
        var spec = try PickerSpec(
            items: ["Day", "Week", "Month"], initial: "Day",
            changes: [.select("Week", after: 0.3), .select("Month", after: 0.6, curve: .easeInOut)])
        spec.style.highlight.color = .indigo
        #expect(spec.items.map(\.value) == [.string("Day"), .string("Week"), .string("Month")])
        #expect(spec.resolvedStyle.highlight.color == RGBAColor(hex: 0x5856D6))
        try spec.validate()
        let json = try decodeSpec(
            #"{"items": ["Day", "Week", "Month"], "selection": {"initial": "Day", "sequence": [{"select": "Week", "after": 0.3}, {"select": "Month", "after": 0.6, "curve": "easeInOut"}]}, "style": {"highlight": {"color": "indigo"}}}"#
        )
        #expect(json == spec)
    }

    /// Each case: a change made in Swift, and the JSON that says the same; both must fail with the same path and
    /// message (the JSON's names the file as well).
    static var invalid: [(String, (inout PickerSpec) -> Void, String)] {
        [
            ("opacity", { $0.style.highlight.opacity = 1.5 }, #""style": {"highlight": {"opacity": 1.5}}"#),
            ("duplicate", { $0.items.append("Day") }, #""items": ["Day", "Week", "Day"]"#),
            ("missing selection", { $0.initialSelection = "Year" }, #""selection": {"initial": "Year"}"#),
            ("missing select", { $0.changes = [.select(3)] }, #""selection": {"sequence": [{"select": 3}]}"#),
            ("fps", { $0.output.fps = 0 }, #""output": {"fps": 0}"#),
            ("scale", { $0.output.scale = 9 }, #""output": {"scale": 9}"#),
            ("loop", { $0.output.loopCount = 0 }, #""output": {"loop": 0}"#),
            ("bad hex", { $0.style.labelColor = .hex("#12") }, ##""style": {"labelColor": "#12"}"##),
            ("weight", { $0.style.font.weight = 50 }, #""style": {"font": {"weight": 50}}"#),
            ("family", { $0.style.font.family = "" }, #""style": {"font": {"family": ""}}"#),
            ("spacing", { $0.style.spacing = -1 }, #""style": {"spacing": -1}"#),
            (
                "spring", { $0.animation.curve = .spring(response: 0.5, dampingFraction: 0) },
                #""animation": {"curve": {"spring": {"dampingFraction": 0}}}"#
            ),
            ("bezier", { $0.animation.curve = .bezier(x1: 2, y1: 0, x2: 1, y2: 1) }, #""animation": {"curve": {"bezier": [2, 0, 1, 1]}}"#),
            (
                "duration with a spring", { $0.changes = [.select("Week", curve: .defaultSpring, duration: 1)] },
                #""selection": {"sequence": [{"select": "Week", "curve": "spring", "duration": 1}]}"#
            ),
            ("after", { $0.changes = [.select("Week", after: 61)] }, #""selection": {"sequence": [{"select": "Week", "after": 61}]}"#),
            ("NUL in a label", { $0.items = ["Mon\u{0}day"] }, #""items": ["Mon\u0000day"]"#),
        ]
    }

    @Test(arguments: 0..<16)
    func aSpecMadeInvalidInSwiftGetsTheMessageItsJSONGets(index: Int) throws {
        let (name, change, jsonFields) = Self.invalid[index]
        var spec = try PickerSpec(items: ["Day", "Week"])
        change(&spec)
        var swiftError: SpecError?
        do { try spec.validate() } catch { swiftError = error }
        let json = jsonFields.hasPrefix(#""items""#) ? "{\(jsonFields)}" : #"{"items": ["Day", "Week"], "# + jsonFields + "}"
        let jsonError = specError(json)
        let fromSwift = try #require(swiftError, "\(name): the Swift spec validated")
        let fromJSON = try #require(jsonError, "\(name): the JSON spec decoded")
        #expect(fromSwift.path == fromJSON.path, "\(name)")
        #expect(fromSwift.problem.message == fromJSON.problem.message, "\(name)")
        #expect(fromSwift.file == nil)
        #expect(fromJSON.description == "test.json: " + fromSwift.description)
    }

    @Test func theThrowingInitialiserValidates() {
        #expect(throws: SpecError.self) { try PickerSpec(items: ["A", "A"]) }
        #expect(throws: SpecError.self) { try PickerSpec(items: ["A"], initial: "B") }
        #expect(throws: SpecError.self) { try PickerSpec(items: []) }
        #expect(throws: SpecError.self) { try PickerSpec(items: ["A"], tail: .nan) }
        #expect(throws: SpecError.self) { try PickerSpec(items: ["A"], output: OutputSettings(fps: .infinity)) }
    }

    @Test func itemsAndSelectionsAreLiterals() throws {
        let spec = try PickerSpec(items: [1, 2, 3], initial: 2, changes: [.select(3), .deselect(after: 1)])
        #expect(spec.items[1].value == .integer(2))
        #expect(spec.changes[1].selection == nil)
        // Strict as Equatable values: the string "2" is not the integer 2.
        #expect(throws: SpecError.self) { try PickerSpec(items: [1, 2], initial: "2") }
        let labelled = try PickerSpec(items: [Item("day", label: "Day"), "week"])
        #expect(labelled.items[0].displayedLabel == "Day")
    }

    /// Every spec the project ships, written as JSON and read back, is the same value.
    @Test func everyFixtureRoundTripsThroughJSON() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var urls: [URL] = []
        for folder in ["Fixtures/specs", "Fixtures/bench", "Fixtures/fuzz-corpus"] {
            let base = root.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: base.path).filter { $0.hasSuffix(".json") }
            urls += names.sorted().map { base.appendingPathComponent($0) }
        }
        var checked = 0
        for url in urls {
            guard let spec = try? PickerSpec.decode([UInt8](Data(contentsOf: url))) else { continue }
            let json = try spec.jsonData()
            let back = try PickerSpec(json: json)
            #expect(back == spec, "\(url.lastPathComponent):\n\(String(decoding: json, as: UTF8.self))")
            // Written once more, the text is the same: the writer is stable.
            #expect(try back.jsonData() == json)
            checked += 1
        }
        #expect(checked >= 5)
    }

    @Test func jsonDataWritesOnlyWhatWasSetAndRefusesAnInvalidSpec() throws {
        let spec = try PickerSpec(items: ["A", "B"], initial: "A")
        #expect(
            String(decoding: try spec.jsonData(), as: UTF8.self)
                == "{\n  \"items\": [\"A\", \"B\"],\n  \"selection\": {\n    \"initial\": \"A\"\n  }\n}\n")
        var broken = spec
        broken.style.highlight.opacity = 2
        #expect(throws: SpecError.self) { try broken.jsonData() }
    }

    @Test func hostileKeysAndValuesGiveBoundedMessages() {
        let key = String(repeating: "k", count: 100_000)
        let error = specError(#"{"items": ["A"], ""# + key + #"": 1}"#)
        #expect(error != nil)
        #expect((error?.description.count ?? .max) < 1_000)
    }
}
