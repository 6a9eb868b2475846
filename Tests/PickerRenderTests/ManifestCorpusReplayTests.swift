import Foundation
import TestSupport
import Testing

@testable import PickerRender

/// The render manifest's fuzz corpus (Fixtures/manifest-corpus, kept from `make fuzz-manifest`) replayed through
/// `RenderManifest.decode` in every test run: each input is decoded or refused naming a field, never a trap, and a
/// manifest that decodes encodes to bytes that decode to it again, as the fuzzer checks.
@Suite("Render manifest corpus")
struct ManifestCorpusReplayTests {
    static let corpus = repositoryRoot.appendingPathComponent("Fixtures/manifest-corpus")

    @Test func everyCorpusInputIsDecodedOrRefusedAndSurvivesARoundTrip() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.count >= 3)
        var decoded = 0
        for name in names {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            let manifest: RenderManifest
            do {
                manifest = try RenderManifest.decode(bytes)
            } catch {
                #expect(!error.path.isEmpty && !error.problem.isEmpty, "\(name): \(error)")
                continue
            }
            decoded += 1
            #expect(try RenderManifest.decode(try manifest.encoded()) == manifest, "\(name)")
        }
        #expect(decoded >= 2, "the corpus lost its valid manifests")
    }

    @Test func aRealManifestDecodesAndHostileOnesAreRefusedNamingTheField() throws {
        let seed = Array(try Data(contentsOf: Self.corpus.appendingPathComponent("seed-demo.json")))
        let manifest = try RenderManifest.decode(seed)
        #expect(manifest.files.count == 104 && manifest.files.first?.name == "frame-0000.png")
        let refusals: [(String, String)] = [
            (#"{"inputs":{},"files":[],"extra":1}"#, #"(the whole document): unknown key "extra""#),
            (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "(the whole document): line 1, column 65"),
            (
                String(decoding: seed, as: UTF8.self).replacingOccurrences(of: #""name" : "frame-0000.png""#, with: #""name" : "../x""#),
                "files[0].name: expected a file name inside the folder"
            ),
        ]
        for (text, expected) in refusals {
            do {
                _ = try RenderManifest.decode(Array(text.utf8))
                Issue.record("accepted: \(text.prefix(80))")
            } catch {
                #expect(error.description.hasPrefix(expected), "\(error)")
            }
        }
        let huge = [UInt8](repeating: 0x20, count: RenderManifest.maximumBytes + 1)
        #expect(throws: RenderManifest.DecodingError.self) { try RenderManifest.decode(huge) }
    }
}
