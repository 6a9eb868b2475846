import FoundationEssentials
import PickerRender

/// The render manifest `compare --update` leaves in a folder of goldens it changed: ACTUAL's, with
/// `inputs.options.accepted` set to `compare --update`.
///
/// Its render environment is that of the render the goldens were accepted from, which is what a later compare
/// names when the next render differs; the mark makes its inputs those of no render, so `render -o` into the goldens
/// never takes them as up to date (goldens left within the tolerance are not the bytes that render wrote).
enum AcceptedManifest {
    /// The manifest of ACTUAL's `folder`, marked, as bytes; nil when it has none that can be read.
    static func bytes(ofFolder folder: String) -> [UInt8]? {
        guard var manifest = RenderManifest.read(in: URL(fileURLWithPath: folder)) else { return nil }
        manifest.inputs.options["accepted"] = "compare --update"
        return try? manifest.encoded()
    }
}
