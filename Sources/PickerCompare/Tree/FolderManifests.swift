import FoundationEssentials
import PickerRender

/// The render manifests of the folders a comparison looks into, each read once: what the environment and contrast
/// lines of a review both come from.
///
/// Reading is `RenderManifest.read(in:)`: the file in the folder itself, never through a link, within the
/// manifest's limits; a folder without a readable manifest is nil.
final class FolderManifests {
    private var read: [String: RenderManifest?] = [:]

    /// An empty cache.
    init() {}

    /// The manifest of `folder`, or nil when it has none that can be read.
    func manifest(ofFolder folder: String) -> RenderManifest? {
        if let found = read[folder] { return found }
        // Safe: RenderManifest.read opens the one file with O_NOFOLLOW and reads at most its maximumBytes.
        let manifest = RenderManifest.read(in: URL(fileURLWithPath: folder))
        read[folder] = manifest
        return manifest
    }

    /// The folders of `file`'s two sides, or nil unless it was found on both.
    static func folders(of file: FileComparison) -> (expected: String, actual: String)? {
        guard let expectedPath = file.expectedPath, let actualPath = file.actualPath else { return nil }
        return (
            URL(fileURLWithPath: expectedPath).deletingLastPathComponent().path,
            URL(fileURLWithPath: actualPath).deletingLastPathComponent().path
        )
    }
}
