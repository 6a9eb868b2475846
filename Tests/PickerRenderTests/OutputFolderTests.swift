import Foundation
import TestSupport
import Testing

@testable import PickerRender

/// The all-or-nothing write (issue 9, defence 3): the destination holds the old files or the new ones, never a
/// mix, whichever rename fails, and after a switch cut short by a kill.
@Suite("Output folder")
struct OutputFolderTests {
    /// Every entry under `folder` (hidden ones included) with its bytes.
    func listing(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                files[name + "/"] = Data()
            } else {
                files[name] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// A destination holding an earlier, longer render (frames 0–9 and a GIF) and a file of the user's.
    func oldRender(in root: URL) throws -> URL {
        let destination = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for index in 0..<10 {
            try Data("old \(index)".utf8).write(to: destination.appendingPathComponent(String(format: "frame-%04d.png", index)))
        }
        try Data("old gif".utf8).write(to: destination.appendingPathComponent("out.gif"))
        try Data("mine".utf8).write(to: destination.appendingPathComponent("notes.txt"))
        return destination
    }

    /// What the new render writes: frames 0–5 (replacing), and what the destination holds after it.
    static let newFiles = (0..<6).map { String(format: "frame-%04d.png", $0) }
    static func owns(_ name: String) -> Bool { name.hasPrefix("frame-") }

    func stageNewRender(_ folder: OutputFolder) throws {
        for name in Self.newFiles { try folder.write(Array("new \(name)".utf8), named: name) }
    }

    func expectedNewListing() -> [String: Data] {
        var files: [String: Data] = ["out.gif": Data("old gif".utf8), "notes.txt": Data("mine".utf8)]
        for name in Self.newFiles { files[name] = Data("new \(name)".utf8) }
        return files
    }

    @Test func nothingAppearsUntilCommitAndNothingHiddenIsLeft() throws {
        let root = try temporaryFolder()
        let destination = root.appendingPathComponent("out")
        let folder = try OutputFolder(destination: destination)
        try folder.write([1, 2, 3], named: "frame-0000.png")
        #expect(try listing(destination).keys.allSatisfy(OutputFolder.Names.isInternal))
        try folder.commit(removingStale: Self.owns)
        #expect(try listing(destination) == ["frame-0000.png": Data([1, 2, 3])])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
    }

    /// A destination this output made stays empty while the files are staged beside it, and the commit is one
    /// rename of the staging folder onto it: the files in a nested folder too, nothing hidden left anywhere.
    @Test func aNewDestinationIsFilledByOneRenameOfItsStagingFolder() throws {
        let root = try temporaryFolder()
        let destination = root.appendingPathComponent("new/out")
        let faults = RenameFaults(failing: 99)
        let folder = try OutputFolder(destination: destination, failsRename: faults.shouldFail)
        try folder.write([1, 2, 3], named: "frame-0000.png")
        try folder.write([4], named: "spec/frame-0000.png")
        #expect(try listing(destination).isEmpty)
        let beside = try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path)
        #expect(Set(beside) == Set(["out"] + beside.filter { $0.hasPrefix(".out.pickerreel-\(getpid())-") }), "\(beside)")
        #expect(beside.count == 2)
        try folder.commit(removingStale: Self.owns)
        #expect(faults.attempts == 1)
        #expect(try listing(destination) == ["frame-0000.png": Data([1, 2, 3]), "spec/": Data()])
        #expect(try Data(contentsOf: destination.appendingPathComponent("spec/frame-0000.png")) == Data([4]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path) == ["out"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["new"])
    }

    /// A new destination whose name leaves no room for the staging folder's longer name beside it (255 bytes at
    /// most) is staged inside, as an existing one is.
    @Test func aNewDestinationWithALongNameIsStagedInside() throws {
        let root = try temporaryFolder()
        let destination = root.appendingPathComponent(String(repeating: "n", count: 240))
        let folder = try OutputFolder(destination: destination)
        try folder.write([7], named: "frame-0000.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [destination.lastPathComponent])
        try folder.commit()
        #expect(try listing(destination) == ["frame-0000.png": Data([7])])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [destination.lastPathComponent])
    }

    /// The one rename failing leaves nothing: no destination, no staging folder, no parent this output made.
    @Test func aNewDestinationWhoseRenameFailsIsGoneAgain() throws {
        let root = try temporaryFolder()
        let folder = try OutputFolder(destination: root.appendingPathComponent("new/out"), failsRename: RenameFaults(failing: 1).shouldFail)
        try folder.write([1], named: "frame-0000.png")
        #expect(throws: RenderError.self) { try folder.commit() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    }

    /// A file put into the new destination while the render ran (by someone else) stays: the commit then moves the
    /// staging folder inside and switches file by file.
    @Test func aNewDestinationThatGotAFileMeanwhileKeepsIt() throws {
        let root = try temporaryFolder()
        let destination = root.appendingPathComponent("out")
        let folder = try OutputFolder(destination: destination)
        try folder.write([1], named: "frame-0000.png")
        try Data("theirs".utf8).write(to: destination.appendingPathComponent("notes.txt"))
        try folder.commit(removingStale: Self.owns)
        #expect(try listing(destination) == ["frame-0000.png": Data([1]), "notes.txt": Data("theirs".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
    }

    @Test func discardingLeavesAnExistingFolderExactlyAsItWas() throws {
        let root = try temporaryFolder()
        let destination = try oldRender(in: root)
        let before = try listing(destination)
        do {
            let folder = try OutputFolder(destination: destination)
            try stageNewRender(folder)
            // Dropped without commit, as when a render fails part-way.
        }
        #expect(try listing(destination) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
    }

    @Test func commitReplacesOwnFilesRemovesStaleOnesAndKeepsEverythingElse() throws {
        let destination = try oldRender(in: try temporaryFolder())
        let folder = try OutputFolder(destination: destination)
        try stageNewRender(folder)
        try folder.commit(removingStale: Self.owns)
        #expect(try listing(destination) == expectedNewListing())
    }

    /// Fails the n-th rename of the switch for every n: each failure leaves the folder exactly as it was, and the
    /// first n past the last rename commits the whole new render.
    @Test func everyFailedRenameRollsBackAndNothingIsMixed() throws {
        var renames = 0
        for failing in 1...40 {
            let destination = try oldRender(in: try temporaryFolder())
            let before = try listing(destination)
            let faults = RenameFaults(failing: failing)
            let folder = try OutputFolder(destination: destination, failsRename: faults.shouldFail)
            try stageNewRender(folder)
            do {
                try folder.commit(removingStale: Self.owns)
                #expect(try listing(destination) == expectedNewListing(), "rename \(failing) of \(renames) did not fail")
                renames = failing - 1
                break
            } catch {
                #expect(try listing(destination) == before, "rename \(failing) failed: \(error)")
            }
        }
        // Six new frames replace six old ones (12 renames) and four stale frames go (4 more).
        #expect(renames == 16)
    }

    /// A destination holding old frames only: what a render of the same formats finds again.
    func framesOnly(in root: URL) throws -> URL {
        let destination = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        for index in 0..<10 {
            try Data("old \(index)".utf8).write(to: destination.appendingPathComponent(String(format: "frame-%04d.png", index)))
        }
        #expect(chmod(destination.path, 0o750) == 0)
        return destination
    }

    func newFramesOnly() -> [String: Data] {
        Dictionary(uniqueKeysWithValues: Self.newFiles.map { ($0, Data("new \($0)".utf8)) })
    }

    func inode(_ url: URL) -> UInt64? {
        var status = stat()
        return stat(url.path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    /// A folder holding only files the commit replaces or removes is exchanged whole with its staging folder: two
    /// renames (the staging folder beside it, then `renameat2(RENAME_EXCHANGE)`), a new folder at the same path with
    /// the old one's permissions, nothing hidden left inside or beside it.
    @Test func aFolderHoldingOnlyFilesTheCommitReplacesIsExchangedWhole() throws {
        let root = try temporaryFolder()
        let destination = try framesOnly(in: root)
        let before = inode(destination)
        let faults = RenameFaults(failing: 99)
        let folder = try OutputFolder(destination: destination, failsRename: faults.shouldFail)
        try stageNewRender(folder)
        try folder.commit(removingStale: Self.owns)
        #expect(faults.attempts == 2)
        #expect(inode(destination) != before)
        #expect(try listing(destination) == newFramesOnly())
        #expect((try FileManager.default.attributesOfItem(atPath: destination.path)[.posixPermissions] as? Int) == 0o750)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
    }

    /// Either rename of the exchange failing (a mount point, a file system without the exchange) leaves the
    /// commit to the switch file by file, which still gives the whole new render in the same folder.
    @Test(arguments: [1, 2]) func aFailedExchangeFallsBackToTheSwitchFileByFile(failing: Int) throws {
        let root = try temporaryFolder()
        let destination = try framesOnly(in: root)
        let before = inode(destination)
        let faults = RenameFaults(failing: failing)
        let folder = try OutputFolder(destination: destination, failsRename: faults.shouldFail)
        try stageNewRender(folder)
        try folder.commit(removingStale: Self.owns)
        #expect(faults.attempts > 2)
        #expect(inode(destination) == before)
        #expect(try listing(destination) == newFramesOnly())
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
    }

    /// A destination that is a symbolic link to a folder stays a link: the files are switched inside its folder.
    @Test func aDestinationThatIsASymbolicLinkStaysALink() throws {
        let root = try temporaryFolder()
        let target = try framesOnly(in: root)
        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let folder = try OutputFolder(destination: link)
        try stageNewRender(folder)
        try folder.commit(removingStale: Self.owns)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try listing(target) == newFramesOnly())
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["link", "out"])
    }

    /// Renders of one folder from several threads at once: each fails as busy or commits whole, however the others
    /// exchange the folder meanwhile (none writes into a folder already replaced), and one render is left.
    @Test func writersOfOneFolderAtOnceCommitWholeOrFailAsBusy() throws {
        for _ in 0..<10 {
            let root = try temporaryFolder()
            let destination = try framesOnly(in: root)
            let failures = Shared<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                do {
                    let folder = try OutputFolder(destination: destination)
                    for name in Self.newFiles { try folder.write([UInt8(index)], named: name) }
                    try folder.commit(removingStale: Self.owns)
                } catch RenderError.busy {
                } catch {
                    failures.update { $0.append("\(error)") }
                }
            }
            #expect(failures.value.isEmpty)
            let files = try listing(destination)
            #expect(files.keys.sorted() == Self.newFiles)
            #expect(Set(files.values).count == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
        }
    }

    /// Relative paths, as `compare --update` writes a tree of goldens, switched all or nothing.
    ///
    /// Replaced files in a folder, files in a new nested folder, removed files: failing the n-th rename for every n
    /// leaves the tree exactly as it was (the new folders gone again); the first n past the last rename gives the
    /// whole new tree.
    @Test func aTreeOfRelativePathsIsSwitchedAllOrNothing() throws {
        func tree(in root: URL) throws -> URL {
            let destination = root.appendingPathComponent("goldens")
            try FileManager.default.createDirectory(at: destination.appendingPathComponent("a"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: destination.appendingPathComponent("gone"), withIntermediateDirectories: true)
            for name in ["a/one.png", "a/two.png", "gone/old.png", "keep.txt"] {
                try Data("old \(name)".utf8).write(to: destination.appendingPathComponent(name))
            }
            return destination
        }
        func everything(_ folder: URL) throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
                var isFolder: ObjCBool = false
                let url = folder.appendingPathComponent(name)
                _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
                files[isFolder.boolValue ? name + "/" : name] = isFolder.boolValue ? Data() : try Data(contentsOf: url)
            }
            return files
        }
        let written = ["a/one.png", "a/two.png", "new/deep/three.png"]
        var renames = 0
        for failing in 1...20 {
            let destination = try tree(in: try temporaryFolder())
            let before = try everything(destination)
            let folder = try OutputFolder(destination: destination, failsRename: RenameFaults(failing: failing).shouldFail)
            for name in written { try folder.write(Array("new \(name)".utf8), named: name) }
            do {
                try folder.commit(removing: ["gone/old.png", "never/was.png"])
                let after = try everything(destination)
                #expect(
                    after["a/one.png"] == Data("new a/one.png".utf8) && after["new/deep/three.png"] == Data("new new/deep/three.png".utf8))
                #expect(after["gone/old.png"] == nil && after["keep.txt"] == Data("old keep.txt".utf8))
                #expect(!after.keys.contains { $0.hasPrefix(".") }, "\(after.keys.sorted())")
                renames = failing - 1
                break
            } catch {
                #expect(try everything(destination) == before, "rename \(failing) failed: \(error)")
            }
        }
        // Two files replaced (4 renames), one added (1), one removed (1).
        #expect(renames == 6)
        let destination = try tree(in: try temporaryFolder())
        let folder = try OutputFolder(destination: destination)
        for name in ["../escape.png", "/abs.png", "a//b.png", ".pickerreel-new-x/f.png", "a/./b.png"] {
            #expect(throws: RenderError.self, "\(name)") { try folder.write([1], named: name) }
        }
        folder.discard()
    }

    /// A switch cut short after n renames (as SIGKILL would leave it, for every n) is finished by the next
    /// `OutputFolder` on the same destination before it does anything else.
    @Test func theNextOutputFinishesASwitchThatAKillCutShort() throws {
        for cut in 1...16 {
            let destination = try oldRender(in: try temporaryFolder())
            let commit = destination.appendingPathComponent(".pickerreel-commit-killed")
            let backup = destination.appendingPathComponent(".pickerreel-old-killed")
            try FileManager.default.createDirectory(at: commit, withIntermediateDirectories: false)
            try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: false)
            for name in Self.newFiles { try Data("new \(name)".utf8).write(to: commit.appendingPathComponent(name)) }
            let plan = OutputFolder.SwitchPlan(write: Self.newFiles, remove: (6..<10).map { String(format: "frame-%04d.png", $0) })
            try OutputFolder.writeManifest(plan, into: commit, destination: destination)
            // The killed render's switch stops before rename number `cut`.
            let held = open(destination.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            try #require(held >= 0)
            defer { close(held) }
            let folders = try SwitchFolders(
                destination: held, path: destination.path, commit: commit.lastPathComponent, backup: backup.lastPathComponent)
            #expect(throws: RenderError.self) {
                var made: [String] = []
                try OutputFolder.switchForward(
                    plan, through: folders, resuming: false, failsRename: RenameFaults(failing: cut).shouldFail, madeFolders: &made)
            }
            // A staging folder a kill left before its switch: removed, its files never appear.
            let staging = destination.appendingPathComponent(".pickerreel-new-killed2")
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            try Data("never".utf8).write(to: staging.appendingPathComponent("frame-0000.png"))

            let next = try OutputFolder(destination: destination)
            next.discard()
            #expect(try listing(destination) == expectedNewListing(), "cut before rename \(cut)")
        }
    }

    @Test func aSecondWriterOfTheSameFolderFailsAtOnce() throws {
        let destination = try temporaryFolder().appendingPathComponent("out")
        let first = try OutputFolder(destination: destination)
        #expect(throws: RenderError.busy(path: destination.path)) { try OutputFolder(destination: destination) }
        first.discard()
        // Once the first is done, the folder is free again.
        try OutputFolder(destination: destination).discard()
    }

    @Test func aFolderWhereTheRenderWritesAFileFailsBeforeAnythingMoves() throws {
        let destination = try oldRender(in: try temporaryFolder())
        try FileManager.default.removeItem(at: destination.appendingPathComponent("frame-0003.png"))
        try FileManager.default.createDirectory(
            at: destination.appendingPathComponent("frame-0003.png"), withIntermediateDirectories: false)
        let before = try listing(destination)
        let folder = try OutputFolder(destination: destination)
        try stageNewRender(folder)
        #expect {
            try folder.commit(removingStale: Self.owns)
        } throws: { error in
            "\(error)".contains("frame-0003.png: is a folder, and the render writes a file of this name")
        }
        #expect(try listing(destination) == before)
    }

    @Test func aDestinationThatIsAFileOrADanglingLinkIsAClearError() throws {
        let root = try temporaryFolder()
        let file = root.appendingPathComponent("taken")
        try Data([1]).write(to: file)
        #expect(throws: RenderError.file(path: file.path, reason: "is a file, not a folder; choose another output folder")) {
            try OutputFolder(destination: file)
        }
        let link = root.appendingPathComponent("dangling")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: root.appendingPathComponent("nowhere"))
        #expect {
            try OutputFolder(destination: link)
        } throws: { error in
            "\(error)".contains("is a symbolic link to a folder that does not exist")
        }
        #expect(try Data(contentsOf: file) == Data([1]))
    }

    @Test func specsOfABatchCanWriteIntoTheSameMissingParentAtOnce() throws {
        for _ in 0..<20 {
            let root = try temporaryFolder()
            let failures = Shared(0)
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                do {
                    let folder = try OutputFolder(destination: root.appendingPathComponent("batch/out/spec-\(index)"))
                    try folder.write([UInt8(index)], named: "frame-0000.png")
                    try folder.commit(removingStale: { _ in false })
                } catch {
                    failures.update { $0 += 1 }
                }
            }
            #expect(failures.value == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("batch/out").path).count == 8)
            try? FileManager.default.removeItem(at: root)
        }
    }

    @Test func foldersCreatedForAnOutputAreRemovedAgainWhenNothingIsCommitted() throws {
        let root = try temporaryFolder()
        do {
            let folder = try OutputFolder(destination: root.appendingPathComponent("a/b/out"))
            try folder.write([1], named: "x.png")
            folder.discard()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    }

    @Test func stagingThatEarlierVersionsLeftBesideTheFolderIsRemovedWhenItsProcessIsGone() throws {
        let root = try temporaryFolder()
        let dead = root.appendingPathComponent(".out.pickerreel-2147483646-7")
        let alive = root.appendingPathComponent(".out.pickerreel-\(getpid())-7")
        for folder in [dead, alive] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
        try OutputFolder(destination: root.appendingPathComponent("out")).discard()
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))
    }
}
