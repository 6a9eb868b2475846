import Foundation
import Testing

@testable import PickerRender

@Suite("Staged output")
struct StagedFolderTests {
    func listing(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    @Test func nothingAppearsUntilCommit() throws {
        let root = try temporaryFolder()
        let destination = root.appendingPathComponent("out")
        let folder = try StagedFolder(destination: destination)
        try folder.write([1, 2, 3], named: "frame-0000.png")
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        try folder.commit()
        #expect(try listing(destination) == ["frame-0000.png": Data([1, 2, 3])])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
    }

    @Test func discardingLeavesAnExistingFolderExactlyAsItWas() throws {
        let root = try temporaryFolder()
        let destination = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try Data([9]).write(to: destination.appendingPathComponent("frame-0000.png"))
        try Data([8]).write(to: destination.appendingPathComponent("notes.txt"))
        let before = try listing(destination)
        do {
            let folder = try StagedFolder(destination: destination)
            try folder.write([1], named: "frame-0000.png")
            // Dropped without commit, as when a render fails part-way.
        }
        #expect(try listing(destination) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
    }

    @Test func commitReplacesFramesRemovesStaleOnesAndKeepsOtherFiles() throws {
        let root = try temporaryFolder()
        let destination = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in ["frame-0000.png", "frame-0001.png", "frame-0002.png", "notes.txt"] {
            try Data([7]).write(to: destination.appendingPathComponent(name))
        }
        let folder = try StagedFolder(destination: destination)
        try folder.write([1], named: "frame-0000.png")
        try folder.commit(removingStale: { $0.hasPrefix("frame-") })
        #expect(try listing(destination) == ["frame-0000.png": Data([1]), "notes.txt": Data([7])])
    }

    @Test func aDestinationThatIsAFileIsAnError() throws {
        let root = try temporaryFolder()
        let file = root.appendingPathComponent("taken")
        try Data([1]).write(to: file)
        #expect(throws: RenderError.self) { try StagedFolder(destination: file) }
        #expect(try Data(contentsOf: file) == Data([1]))
    }

    @Test func specsOfABatchCanStageIntoTheSameMissingParentAtOnce() throws {
        for _ in 0..<20 {
            let root = try temporaryFolder()
            let failures = FailureCount()
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                do {
                    let folder = try StagedFolder(destination: root.appendingPathComponent("batch/out/spec-\(index)"))
                    try folder.write([UInt8(index)], named: "frame-0000.png")
                    try folder.commit()
                } catch {
                    failures.add()
                }
            }
            #expect(failures.count == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("batch/out").path).count == 8)
            try? FileManager.default.removeItem(at: root)
        }
    }

    @Test func missingParentFoldersAreRemovedAgainWhenNothingIsCommitted() throws {
        let root = try temporaryFolder()
        let destination = root.appendingPathComponent("a/b/out")
        do {
            let folder = try StagedFolder(destination: destination)
            try folder.write([1], named: "x.png")
            folder.discard()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    }
}

/// A count several threads add to.
final class FailureCount: @unchecked Sendable {
    // @unchecked: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value = 0

    func add() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
