import FoundationEssentials
import PickerRender

/// What differs between the render environments EXPECTED's and ACTUAL's pictures were made in, read from the render
/// manifests (`pickerreel-manifest.json`) of the folders that hold them: so that a change of font or library is said
/// in one line before thousands of pixel counts that it explains.
enum EnvironmentChanges {
    /// The changes between the folders of each file that does not match and is found on both sides, each phrase
    /// once, in the order of the files (`RenderEnvironment.changes(to:sameInputs:)`'s phrases); empty when every file
    /// matches, no such pair of folders both have a manifest, or every pair was made alike.
    ///
    /// Matching files are left out: a change that moved no pixel explains nothing, and `--update` has nothing to
    /// accept. A font used on one side only counts when both sides rendered the same spec file (the same digest).
    static func of(_ files: [FileComparison], manifests: FolderManifests = FolderManifests()) -> [String] {
        var seen: Set<[String]> = []
        var changes: [String] = []
        for file in files where !file.matches {
            guard let folders = FolderManifests.folders(of: file) else { continue }
            let pair = [folders.expected, folders.actual]
            guard seen.insert(pair).inserted, let expected = manifests.manifest(ofFolder: pair[0])?.inputs,
                let actual = manifests.manifest(ofFolder: pair[1])?.inputs
            else {
                continue
            }
            let found = expected.environment.changes(to: actual.environment, sameInputs: expected.spec == actual.spec)
            for change in found.map(Self.shortened) where !changes.contains(change) { changes.append(change) }
        }
        return bounded(changes)
    }

    /// The most phrases said, and the most characters of each: a manifest is input (a pull request can commit one
    /// naming a thousand 4 KB "libraries"), and every phrase goes into the text, GitHub, JUnit and HTML reports.
    static let maximumPhrases = 10
    static let maximumCharacters = 120

    /// `phrase` cut to `maximumCharacters`, with an ellipsis when it was longer.
    static func shortened(_ phrase: String) -> String {
        phrase.count <= maximumCharacters ? phrase : String(phrase.prefix(maximumCharacters - 1)) + "…"
    }

    /// At most `maximumPhrases` of `changes`, the rest counted in a last phrase.
    static func bounded(_ changes: [String]) -> [String] {
        guard changes.count > maximumPhrases else { return changes }
        return Array(changes.prefix(maximumPhrases)) + ["and \(changes.count - maximumPhrases) more changes"]
    }
}
