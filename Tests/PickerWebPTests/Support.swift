import Foundation
import PickerKit
import TestSupport

/// Loads one of the example specs in Fixtures/specs.
func fixtureSpec(_ name: String) throws -> PickerSpec {
    let url = repositoryRoot.appendingPathComponent("Fixtures/specs/\(name).json")
    return try PickerSpec.decode([UInt8](try Data(contentsOf: url)), file: url.path)
}
