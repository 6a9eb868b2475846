import Foundation
import PickerReel
import TestSupport
import Testing

/// What the render fuzzer found, each kept as a spec in Fixtures/fuzz-corpus (with the fuzzer's own input beside
/// it) and checked here through the public API and the tool, beyond the corpus replay.
@Suite("Fuzz findings")
struct FuzzFindingTests {
    static func fixture(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Fixtures/fuzz-corpus/\(name)")
    }

    /// Finding 1: a GIF whose frames have more than 255 colours and transparent pixels failed with "libimagequant
    /// could not use at most 257 colours", because libimagequant returned a transparent entry of its own beside
    /// the fixed one and both were kept, with the spare slots filling the opaque colours up to 255.
    @Test func aGIFWithManyColoursAndTransparencyEncodes() throws {
        let url = Self.fixture("finding-01-gif-257-colours.json")
        let renderer = try Renderer(try PickerSpec(contentsOf: url), file: url.lastPathComponent)
        let gif = [UInt8](try renderer.gif())
        #expect(EncodedOutputCheck.problem(with: gif, format: .gif, renderer: renderer) == nil)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runTool(["render", url.path, "-o", folder.path, "--format", "gif", "--quiet"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try Data(contentsOf: folder.appendingPathComponent("finding-01-gif-257-colours/finding-01-gif-257-colours.gif"))
        #expect([UInt8](written) == gif)
    }
}
