import Foundation
import PickerReel
import TestSupport

/// One of the example specs in Fixtures/specs.
func fixtureSpec(_ name: String) throws -> PickerSpec {
    try PickerSpec(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/specs/\(name).json"))
}
