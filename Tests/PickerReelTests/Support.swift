import Foundation
import PickerReel

/// The repository's root, found from this file's path so tests do not depend on the working directory.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One of the example specs in Fixtures/specs.
func fixtureSpec(_ name: String) throws -> PickerSpec {
    try PickerSpec(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/specs/\(name).json"))
}

/// A new empty temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pickerreel-library-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
