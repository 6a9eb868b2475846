import Foundation
import PickerKit

/// The repository's root, found from this file's path so tests do not depend on the working directory.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Loads one of the example specs in Fixtures/specs.
func fixtureSpec(_ name: String) throws -> PickerSpec {
    let url = repositoryRoot.appendingPathComponent("Fixtures/specs/\(name).json")
    return try PickerSpec.decode([UInt8](try Data(contentsOf: url)), file: url.path)
}
