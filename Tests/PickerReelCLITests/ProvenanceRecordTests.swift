import Foundation
import TestSupport
import Testing

/// Issue 36: one provenance record, the versioned render manifest, written by render and by `compare --update`,
/// checked against schema/render-manifest.schema.json; the unversioned manifests earlier releases left in users'
/// goldens are still read, and a record of another version is refused by the schema.
@Suite("The provenance record, through the built binary")
struct ProvenanceRecordTests {
    static let spec =
        #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#

    /// Renders `spec.json` into `goldens`, the spec with another highlight into `Output`: one folder `spec` each.
    func goldensAndADifferentRender(in work: URL) throws {
        try writeSpec(Self.spec, named: "spec.json", in: work)
        try #require(try runTool(["render", "spec.json", "-o", "goldens", "-q"], in: work).status == 0)
        let red = Self.spec.replacingOccurrences(of: #""output""#, with: ##""style": {"highlight": {"color": "#FF0000"}}, "output""##)
        try writeSpec(red, named: "spec.json", in: work)
        try #require(try runTool(["render", "spec.json", "-o", "Output", "-q"], in: work).status == 0)
    }

    func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func renderAndCompareUpdateWriteVersionedRecordsTheSchemaAccepts() throws {
        let work = try temporaryFolder()
        try goldensAndADifferentRender(in: work)
        let update = try runTool(["compare", "goldens", "Output", "--update"], in: work)
        try #require(update.status == 0, "\(update)")
        let rendered = work.appendingPathComponent("Output/spec/pickerreel-manifest.json")
        let accepted = work.appendingPathComponent("goldens/spec/pickerreel-manifest.json")
        #expect(try json(rendered)["version"] as? Int == 1)
        #expect(try json(accepted)["version"] as? Int == 1)
        #expect(((try json(accepted)["inputs"] as? [String: Any])?["options"] as? [String: String])?["accepted"] == "compare --update")
        let check = try checkAgainstRecordSchema([rendered.path, accepted.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // The schema can refuse: a record of another version, and a file name with a slash.
        var future = try json(rendered)
        future["version"] = 2
        let futureURL = work.appendingPathComponent("future.json")
        try JSONSerialization.data(withJSONObject: future).write(to: futureURL)
        let refused = try checkAgainstRecordSchema([futureURL.path])
        #expect(refused.status == 1 && refused.stdout.contains("$.version"), "\(refused.stdout)\(refused.stderr)")
    }

    /// The accepted manifest an earlier release left in the goldens (no `version`) is read: compare still names what
    /// differs between the environments, and `--update` rewrites it in the new form.
    @Test func anUnversionedManifestOfAnEarlierReleaseIsStillRead() throws {
        let work = try temporaryFolder()
        try goldensAndADifferentRender(in: work)
        let golden = work.appendingPathComponent("goldens/spec/pickerreel-manifest.json")
        var old = try json(golden)
        old.removeValue(forKey: "version")
        var inputs = try #require(old["inputs"] as? [String: Any])
        var environment = try #require(inputs["environment"] as? [String: Any])
        var libraries = try #require(environment["libraries"] as? [String: String])
        libraries["pango"] = "1.44.7"
        environment["libraries"] = libraries
        inputs["environment"] = environment
        inputs["options"] = ["accepted": "compare --update"]
        old["inputs"] = inputs
        try JSONSerialization.data(withJSONObject: old, options: [.sortedKeys, .prettyPrinted]).write(to: golden)
        let compare = try runTool(["compare", "goldens", "Output"], in: work)
        #expect(compare.status == 1, "\(compare)")
        #expect(compare.stdout.contains("pango 1.44.7 →"), "\(compare.stdout)")
        let update = try runTool(["compare", "goldens", "Output", "--update"], in: work)
        try #require(update.status == 0, "\(update)")
        #expect(try json(golden)["version"] as? Int == 1)
    }

    /// A manifest of another version is not taken as a record of this one: the render it describes is drawn again.
    @Test func aManifestOfAnotherVersionIsNotTakenAsUpToDate() throws {
        let work = try temporaryFolder()
        try writeSpec(Self.spec, named: "spec.json", in: work)
        try #require(try runTool(["render", "spec.json", "-o", "Output", "-q"], in: work).status == 0)
        let again = try runTool(["render", "spec.json", "-o", "Output"], in: work)
        #expect(again.stderr.contains("up to date"), "\(again.stderr)")
        let manifest = work.appendingPathComponent("Output/spec/pickerreel-manifest.json")
        var future = try json(manifest)
        future["version"] = 2
        try JSONSerialization.data(withJSONObject: future, options: [.sortedKeys]).write(to: manifest)
        let redrawn = try runTool(["render", "spec.json", "-o", "Output"], in: work)
        #expect(redrawn.status == 0 && !redrawn.stderr.contains("up to date"), "\(redrawn.stderr)")
        #expect(try json(manifest)["version"] as? Int == 1)
    }
}
