import Foundation
import PickerReel
import PickerRender

/// The render environment of the snapshot record at `url`, as it is now written: a render manifest
/// (`RenderManifest`), its `inputs.environment`.
func recordedEnvironment(at url: URL) throws -> RenderEnvironment {
    try RenderManifest.decode(Array(try Data(contentsOf: url))).inputs.environment
}
