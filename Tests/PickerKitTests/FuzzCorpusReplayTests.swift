import Foundation
import Testing

@testable import PickerKit

/// Replays the fuzzer's seed corpus (Fixtures/fuzz-corpus) through what the fuzz target exercises, so the
/// invariants it checks are kept by every test run, not only by `make fuzz`.
@Suite("Fuzz corpus replay")
struct FuzzCorpusReplayTests {
    static let corpus: [URL] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz-corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.corpus.count >= 50)
    }

    @Test func everyInputDecodesOrFailsWithAMessageAndValidSpecsGiveFiniteHighlights() throws {
        var valid = 0
        for url in Self.corpus {
            let bytes = [UInt8](try Data(contentsOf: url))
            let spec: PickerSpec
            do {
                spec = try PickerSpec.decode(bytes, file: url.lastPathComponent)
            } catch {
                #expect(!error.description.isEmpty)
                continue
            }
            valid += 1
            let layout = PickerLayout(spec: spec, measurer: FakeMeasurer())
            let timeline = Timeline(spec: spec, layout: layout)
            guard (try? RenderLimits.check(spec: spec, layout: layout, timeline: timeline, file: nil)) != nil else { continue }
            for index in 0..<timeline.frameCount {
                guard let highlight = timeline.highlight(forFrame: index) else { continue }
                let values = [highlight.rect.x, highlight.rect.y, highlight.rect.width, highlight.rect.height]
                let finite = values.allSatisfy { $0.isFinite }
                #expect(finite, "\(url.lastPathComponent) frame \(index)")
                #expect(highlight.opacity > 0 && highlight.opacity <= 1)
                #expect(highlight.cornerRadius >= 0)
            }
            let track = timeline.opacityKeyframes(samplesPerSecond: 60)
            let ordered = zip(track.times, track.times.dropFirst()).allSatisfy { $0 <= $1 }
            #expect(ordered)
        }
        #expect(valid >= 2)
    }
}
