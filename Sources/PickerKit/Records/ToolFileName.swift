/// The names of the files PickerReel itself writes into an output folder or a tree of goldens: the only names a
/// switch's journal may move or remove.
///
/// A render writes `frame-0000.png` (or `.svg`), `<name>.svg`, `<name>-sheet.png`, `<name>.gif`, `<name>.png`,
/// `<name>.webp`, `<name>.mp4`, `<name>.webm`, `<name>.0.500s.png` and `pickerreel-manifest.json`; `compare
/// --update` writes the PNG, APNG and WebP goldens of a tree at their relative paths, and the folders'
/// `pickerreel-manifest.json`. Anything else (`.bashrc`, `Makefile`, a script) is never written by the tool, so a
/// journal naming it was not made by the tool.
package enum ToolFileName {
    /// The picture and video suffixes the tool writes, compared without regard to case (compare reads `A.PNG`).
    package static let suffixes = [".png", ".apng", ".webp", ".svg", ".gif", ".mp4", ".webm"]
    /// The render manifest's name (`RenderManifest.fileName`).
    package static let renderManifest = "pickerreel-manifest.json"
    /// The prefix of the hidden entries an output folder makes for itself (staging, journal, backup).
    package static let internalPrefix = ".pickerreel-"
    /// The longest name of one folder or file the file systems here accept, in bytes.
    package static let maximumComponentBytes = 255
    /// The longest relative path accepted, in bytes (the system's PATH_MAX).
    package static let maximumPathBytes = 4_096

    /// True when `name` is a relative path (`/`-separated) of a file the tool writes: no empty, `.` or `..`
    /// component, not absolute, no NUL, no hidden folder and none of the tool's own
    /// `.pickerreel-` entries, and a last component that is a picture or video (by suffix) or the render manifest.
    ///
    /// Pure: it looks at the text alone, never at a file.
    package static func isWritten(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maximumPathBytes else { return false }
        // Other control characters stay: compare --update copies goldens of any name (its messages escape them).
        guard !name.unicodeScalars.contains("\u{0}") else { return false }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = components.last else { return false }
        for (index, component) in components.enumerated() {
            guard !component.isEmpty, component != ".", component != "..", component.utf8.count <= maximumComponentBytes,
                !component.hasPrefix(internalPrefix)
            else { return false }
            // Folders of goldens are never hidden (compare skips hidden entries); a spec named `.x` makes `.x.gif`.
            if index < components.count - 1, component.hasPrefix(".") { return false }
        }
        if last == renderManifest { return true }
        let lowered = last.lowercased()
        return suffixes.contains { lowered.hasSuffix($0) && lowered.utf8.count > $0.utf8.count }
    }
}
