import Foundation
import Glibc
import TestSupport
import Testing

@testable import PickerRender

/// `ParentWalk`: the folders of many relative paths opened once each, a link or a missing folder stopping the walk
/// as `BeneathFolder.openParent` stops it (issue 34, hostile finding D).
@Suite("Parent walk")
struct ParentWalkTests {
    /// A folder holding `a/b/c/` and `a/x/`, a file `a/file`, and a link `a/link` to `a/b`, held open.
    static func tree() throws -> (root: URL, descriptor: Int32) {
        let root = try temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a/b/c"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a/x"), withIntermediateDirectories: true)
        try Data("f".utf8).write(to: root.appendingPathComponent("a/file"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("a/link").path, withDestinationPath: "b")
        return (root, open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
    }

    @Test func namesThatShareFoldersOpenEachFolderOnce() throws {
        let (_, descriptor) = try Self.tree()
        defer { close(descriptor) }
        let walk = ParentWalk(in: descriptor)
        for index in 0..<1_000 { _ = try walk.parent(of: "a/b/c/f\(index).png") }
        #expect(walk.opens == 3)
        _ = try walk.parent(of: "a/x/g.png")
        #expect(walk.opens == 4, "a and nothing else is shared: x alone is opened")
        #expect(try walk.parent(of: "top.png") == descriptor)
    }

    @Test func theFolderGivenHoldsTheName() throws {
        let (root, descriptor) = try Self.tree()
        defer { close(descriptor) }
        try Data("p".utf8).write(to: root.appendingPathComponent("a/b/c/p.png"))
        let walk = ParentWalk(in: descriptor)
        let parent = try walk.parent(of: "a/b/c/p.png")
        var status = stat()
        #expect(fstatat(parent, "p.png", &status, AT_SYMLINK_NOFOLLOW) == 0)
    }

    @Test func namesBeneathAMissingFolderAreAnsweredWithoutOpening() throws {
        let (_, descriptor) = try Self.tree()
        defer { close(descriptor) }
        let walk = ParentWalk(in: descriptor)
        for index in 0..<1_000 {
            #expect(throws: BeneathFolder.Obstacle(path: "a/gone", what: String(cString: strerror(ENOENT)), missing: true)) {
                try walk.parent(of: "a/gone/d/e/f\(index).png")
            }
        }
        #expect(walk.opens == 2)
        walk.forgetMissing()
        #expect(throws: BeneathFolder.Obstacle.self) { try walk.parent(of: "a/gone/f.png") }
        #expect(walk.opens == 3, "after forgetMissing the folder is looked for again")
    }

    @Test func aLinkOrAFileOnTheWayStopsTheWalk() throws {
        let (_, descriptor) = try Self.tree()
        defer { close(descriptor) }
        let walk = ParentWalk(in: descriptor)
        #expect(throws: BeneathFolder.Obstacle(path: "a/link", what: "a link")) { try walk.parent(of: "a/link/c/f.png") }
        #expect(throws: BeneathFolder.Obstacle(path: "a/file", what: "not a folder")) { try walk.parent(of: "a/file/f.png") }
        let deep = Array(repeating: "d", count: BeneathFolder.maximumDepth + 1).joined(separator: "/") + "/f.png"
        #expect(throws: BeneathFolder.Obstacle.self) { try walk.parent(of: deep) }
    }
}
