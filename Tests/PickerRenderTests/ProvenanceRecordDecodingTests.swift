import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerRender

/// Issue 36: the render manifest is the one provenance record, versioned.
///
/// What this release writes, and what earlier releases wrote in users' repositories (unversioned manifests, bare environment records), is read by one
/// parser; a record of another version is refused saying how to write it again.
@Suite("The provenance record's versions")
struct ProvenanceRecordDecodingTests {
    static let environment =
        #"{"fonts": {"Inter-Regular.otf": "\#(String(repeating: "a", count: 64))"}, "libraries": {"pango": "1.50.12"}}"#
    static func manifest(version: String?) -> String {
        let inputs =
            #""inputs": {"tool": "pickerreel 1.0", "spec": "built-in", "referenced": {}, "options": {"formats": "png"}, "#
            + #""environment": \#(environment)}"#
        let files = #""files": [{"name": "frame-0000.png", "size": 12, "sha256": "\#(String(repeating: "b", count: 64))"}]"#
        return "{" + (version.map { #""version": \#($0), "# } ?? "") + inputs + ", " + files + "}"
    }

    @Test func aManifestIsWrittenWithItsVersionAndReadBack() throws {
        let manifest = try RenderManifest.decode(Array(Self.manifest(version: "1").utf8))
        let written = try manifest.encoded()
        let top = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any])
        #expect(top["version"] as? Int == RenderManifest.currentVersion)
        #expect(Set(top.keys) == ["version", "inputs", "files"])
        #expect(try RenderManifest.decode(written) == manifest)
    }

    /// The form every release before this one wrote (render folders, accepted goldens): the same fields, no version.
    @Test func anUnversionedManifestOfAnEarlierReleaseIsRead() throws {
        let old = try RenderManifest.decode(Array(Self.manifest(version: nil).utf8))
        #expect(old == (try RenderManifest.decode(Array(Self.manifest(version: "1").utf8))))
        #expect(old.inputs.environment.libraries == ["pango": "1.50.12"])
    }

    @Test(arguments: ["2", "0", "1.5", #""1""#, "null"])
    func aManifestOfAnotherVersionIsRefusedSayingHowToWriteItAgain(version: String) throws {
        #expect {
            try RenderManifest.decode(Array(Self.manifest(version: version).utf8))
        } throws: { error in
            guard let error = error as? RenderManifest.DecodingError else { return false }
            return error.path == "version" && error.problem.hasPrefix("expected 1, found ")
                && error.problem.contains("render again, or record the goldens again")
        }
    }

    /// A snapshot's `<name>.environment.json`: now a manifest, once the bare environment; both are read, with the
    /// same limits and the same escaping, and a manifest that breaks its rules is refused naming the field.
    @Test func aSnapshotRecordIsReadInEitherForm() throws {
        let bare = try RenderEnvironment.readRecord(Array(Self.environment.utf8))
        let manifest = try RenderEnvironment.readRecord(Array(Self.manifest(version: "1").utf8))
        #expect(bare == manifest)
        #expect(bare.libraries == ["pango": "1.50.12"])
        let hostile = Self.manifest(version: "1").replacingOccurrences(of: "1.50.12", with: #"1.50\u001b[31m"#)
        #expect(try RenderEnvironment.readRecord(Array(hostile.utf8)).libraries["pango"]?.contains("\u{1B}") == false)
        #expect {
            try RenderEnvironment.readRecord(Array(Self.manifest(version: "2").utf8))
        } throws: { error in
            (error as? RecordJSON.Failure)?.path == "version"
        }
        let unknownKey = Self.manifest(version: "1").replacingOccurrences(of: #""spec""#, with: #""extra": "1", "spec""#)
        #expect {
            try RenderEnvironment.readRecord(Array(unknownKey.utf8))
        } throws: { error in
            (error as? RecordJSON.Failure)?.message == #"inputs: unknown key "extra""#
        }
        let padded = Array(Self.manifest(version: "1").utf8) + [UInt8](repeating: 0x20, count: 2 << 20)
        #expect(throws: RecordJSON.Failure.self) { try RenderEnvironment.readRecord(padded) }
    }
}
