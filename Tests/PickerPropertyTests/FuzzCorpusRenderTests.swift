import Foundation
import PickerReel
import TestSupport
import Testing

/// Replays the render fuzzer's seeds (Fixtures/specs, Fixtures/fuzz-corpus with every finding kept, and
/// Fixtures/bad-specs) through exactly what the fuzzer does with one input (`RenderRoundTrip`), so a finding
/// stays fixed in every test run, not only under `make fuzz`.
@Suite("Fuzz corpus through every format")
struct FuzzCorpusRenderTests {
    static let seeds: [URL] = ["Fixtures/specs", "Fixtures/fuzz-corpus", "Fixtures/bad-specs"].flatMap { folder -> [URL] in
        let url = repositoryRoot.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().map { url.appendingPathComponent($0) }
    }

    @Test func theSeedsAreThere() {
        #expect(Self.seeds.count >= 100)
    }

    @Test func everySeedRendersEveryFormatOrIsNotASpec() throws {
        var specs = 0
        for url in Self.seeds {
            let bytes = [UInt8](try Data(contentsOf: url))
            if (try? PickerSpec.decode(bytes)) != nil { specs += 1 }
            let problem = RenderRoundTrip.problem(with: bytes)
            #expect(problem == nil, "\(url.lastPathComponent): \(problem ?? "")")
        }
        #expect(specs >= 2)
    }

    /// The fuzzer's byte-built specs (inputs after a zero byte) validate whatever the bytes, and they differ.
    @Test func fuzzedSpecsAreValidForAnyBytes() {
        var random = SeededRandom(seed: PropertySeed.value)
        var seen = Set<PickerSpec>()
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            var builder = FuzzedSpec(bytes[...])
            do {
                seen.insert(try builder.spec())
            } catch {
                Issue.record("seed \(PropertySeed.value), \(length) bytes: \(error)")
            }
        }
        #expect(seen.count > 250, "seed \(PropertySeed.value)")
    }
}
