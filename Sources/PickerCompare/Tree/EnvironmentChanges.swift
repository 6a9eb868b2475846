import FoundationEssentials
import PickerRender

/// What differs between the render environments EXPECTED's and ACTUAL's pictures were made in, read from the render
/// manifests (`pickerreel-manifest.json`) of the folders that hold them: so that a change of font or library is said
/// in one line before thousands of pixel counts that it explains.
enum EnvironmentChanges {
    /// The changes between the folders of each file found on both sides, each phrase once, in the order of the
    /// files (`RenderEnvironment.changes(to:)`'s phrases); empty when no pair of folders both have a manifest or
    /// every pair was made alike.
    static func of(_ files: [FileComparison]) -> [String] {
        var seen: Set<[String]> = []
        var changes: [String] = []
        var known: [String: RenderEnvironment?] = [:]
        func environment(ofFolderOf path: String) -> RenderEnvironment? {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if let found = known[folder] { return found }
            let read = Self.read(in: folder)
            known[folder] = read
            return read
        }
        for file in files {
            guard let expectedPath = file.expectedPath, let actualPath = file.actualPath else { continue }
            let pair = [
                URL(fileURLWithPath: expectedPath).deletingLastPathComponent().path,
                URL(fileURLWithPath: actualPath).deletingLastPathComponent().path,
            ]
            guard seen.insert(pair).inserted, let expected = environment(ofFolderOf: expectedPath),
                let actual = environment(ofFolderOf: actualPath)
            else { continue }
            for change in expected.changes(to: actual) where !changes.contains(change) { changes.append(change) }
        }
        return changes
    }

    /// The environment recorded in `folder`'s manifest, or nil when there is none or it cannot be read (a manifest
    /// is a record, not an input: one that is missing or damaged says nothing).
    private static func read(in folder: String) -> RenderEnvironment? {
        RenderManifest.read(in: URL(fileURLWithPath: folder))?.inputs.environment
    }
}
