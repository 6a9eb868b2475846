import PickerKit
import PickerRender

/// How the worst contrast of each label, template icon and the highlight moved between EXPECTED's and ACTUAL's
/// renders, read from the `contrast` sections of their folders' render manifests (`render --audit`): so that a
/// token change's accessibility cost shows in the review, such as `period: Week: text 4.83:1 → 3.92:1, below 4.5:1`.
///
/// Review information only: the lines never change a file's status, the verdict or the exit status.
enum ContrastChanges {
    /// The lines for the folders of each file that does not match and is found on both sides.
    ///
    /// When both folders' manifests have a contrast section: one per label, icon or highlight measured on both sides
    /// whose ratio, as reports write it (two decimals), changed. Those that fall below their level come first, then
    /// those still below, then those that now meet it, then the rest; each in the order of the files and the manifest.
    /// At most `maximumLines`, and a line counting the rest.
    ///
    /// Matching files are left out, as for `EnvironmentChanges`: a ratio that moved no pixel cannot have moved.
    static func of(_ files: [FileComparison], manifests: FolderManifests = FolderManifests()) -> [String] {
        var seen: Set<[String]> = []
        var ranked: [[String]] = [[], [], [], []]
        var more = 0
        for file in files where !file.matches {
            guard let folders = FolderManifests.folders(of: file), seen.insert([folders.expected, folders.actual]).inserted,
                let before = manifests.manifest(ofFolder: folders.expected)?.contrast,
                let after = manifests.manifest(ofFolder: folders.actual)?.contrast
            else { continue }
            let folder = SpecGroup.folder(of: file.path)
            for (rank, line) in changes(from: before, to: after) {
                // Each rank keeps only what can be shown: a forged manifest of thousands of entries costs counts.
                guard ranked[rank].count < maximumLines else {
                    more += 1
                    continue
                }
                ranked[rank].append(folder == "." ? line : "\(shortened(folder)): \(line)")
            }
        }
        let lines = ranked.joined()
        guard lines.count + more > maximumLines else { return Array(lines) }
        let rest = lines.count + more - maximumLines
        return Array(lines.prefix(maximumLines)) + ["and \(rest) more contrast \(rest == 1 ? "change" : "changes")"]
    }

    /// The most lines said, and the most characters of a folder's or an item's name in one: a manifest is input (a
    /// pull request can commit one), and every line goes into the text, JSON, GitHub, JUnit and HTML reports.
    static let maximumLines = 10
    static let maximumNameCharacters = 60

    /// Each ratio of `after` that is also in `before` and changed, with its rank (0 falls below its level, 1 is
    /// still below, 2 now meets it, 3 meets it on both sides) and its line, in `after`'s order.
    static func changes(from before: [RenderManifest.Contrast], to after: [RenderManifest.Contrast]) -> [(Int, String)] {
        var earlier: [String: RenderManifest.Contrast] = [:]
        for entry in before where earlier[entry.key] == nil { earlier[entry.key] = entry }
        var found: [(Int, String)] = []
        var said: Set<String> = []
        for entry in after where said.insert(entry.key).inserted {
            guard let old = earlier[entry.key] else { continue }
            let (from, to) = (AuditWording.ratio(old.ratio), AuditWording.ratio(entry.ratio))
            guard from != to else { continue }
            let required = entry.subject.required
            let level = AuditWording.ratio(required)
            let (met, meets) = (old.ratio >= old.subject.required, entry.ratio >= required)
            let rank = meets ? (met ? 3 : 2) : (met ? 0 : 1)
            let verdict = meets ? (met ? "meets \(level)" : "now meets \(level)") : "below \(level)"
            let what = entry.item.map { "\(shortened($0)): \(entry.subject.rawValue)" } ?? entry.subject.rawValue
            found.append((rank, "\(what) \(from) → \(to), \(verdict)"))
        }
        return found
    }

    /// `name` cut to `maximumNameCharacters`, with an ellipsis when it was longer.
    static func shortened(_ name: String) -> String {
        name.count <= maximumNameCharacters ? name : String(name.prefix(maximumNameCharacters - 1)) + "…"
    }
}
