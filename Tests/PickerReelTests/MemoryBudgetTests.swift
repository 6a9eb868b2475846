import Foundation
import TestSupport
import Testing

@testable import PickerReel

/// How `MemoryBudget` turns picture sizes into numbers of threads, and what `write` does with it.
@Suite("Memory budget in the library")
struct MemoryBudgetLibraryTests {
    @Test func theLargestPictureDrawsOnOneThreadWithinTheStandardBudgetAndTheSeedOnAll() {
        let largest = MemoryBudget.drawerBytes(pixels: 16_376 * 4_097)
        #expect(MemoryBudget.standard.lanes(wanted: 16, each: largest) == 1)
        #expect(MemoryBudget(bytes: 1).lanes(wanted: 16, each: largest) == 1)
        let seed = MemoryBudget.drawerBytes(pixels: 700 * 120)
        #expect(MemoryBudget.standard.lanes(wanted: 16, each: seed) == 16)
        #expect(MemoryBudget(bytes: 3 * seed).lanes(wanted: 16, each: seed) == 3)
    }

    @Test func encodersRunSideBySideOnlyAsFarAsTheyFitTogether() {
        let budget = MemoryBudget(bytes: 100 << 20)
        #expect(budget.lanes(wanted: 8, costs: [60 << 20, 30 << 20, 10 << 20]) == 3)
        #expect(budget.lanes(wanted: 8, costs: [60 << 20, 50 << 20, 10 << 20]) == 1)
        #expect(budget.lanes(wanted: 2, costs: [1, 1, 1]) == 2)
        #expect(budget.lanes(wanted: 8, costs: [200 << 20]) == 1)
    }

    /// 16 MiB holds three of the seed demo's drawers, fewer than the four jobs asked for, and gives the GIF encoder a
    /// frame store of 2 MiB rather than 64: the files are the same bytes. (A budget too small for an animation's
    /// drawer and encoder refuses it: `EncoderMemoryTests`.)
    @Test func aWriteWithinATinyBudgetGivesTheSameFilesAsOneWithRoom() throws {
        let renderer = try Renderer(.seedDemo)
        var files: [[String: Data]] = []
        for memory in [MemoryBudget(bytes: 16 << 20), .standard] {
            let folder = try temporaryFolder().appendingPathComponent("memory")
            defer { try? FileManager.default.removeItem(at: folder) }
            let summary = try renderer.write(
                formats: [.png, .gif, .apng, .webp], to: folder, options: WriteOptions(name: "seed", jobs: 4, memory: memory))
            var contents: [String: Data] = [:]
            for file in summary.files { contents[file] = try Data(contentsOf: folder.appendingPathComponent(file)) }
            files.append(contents)
        }
        #expect(files[0].count == renderer.frameCount + 3)
        #expect(files[0] == files[1])
    }
}
