import FoundationEssentials

extension OutputFolder {
    /// Names of the hidden entries this type creates inside a destination.
    package enum Names {
        static let prefix = ".pickerreel-"
        static let staging = prefix + "new-"
        static let commit = prefix + "commit-"
        static let backup = prefix + "old-"
        static let manifest = ".pickerreel-manifest"
        /// The render manifest a render writes beside its files (`RenderManifest`), visible: it is the user's record.
        package static let renderManifest = "pickerreel-manifest.json"

        /// True for the hidden entries of a render in progress or cut short, which belong to no output.
        package static func isInternal(_ name: String) -> Bool { name.hasPrefix(prefix) }
        /// True for the journal of a switch: it is there from before the first file is moved until after the last,
        /// so a folder holding one holds old and new files mixed until the next output into it finishes the switch.
        package static func isSwitchJournal(_ name: String) -> Bool { name.hasPrefix(commit) }

        /// The staging folder's name beside `destination` (`.NAME.pickerreel-PID-N`), which a render of any spec
        /// into the same parent removes once the process `token` names is gone.
        static func beside(_ destination: URL, token: String) -> String {
            ".\(destination.lastPathComponent).pickerreel-\(token)"
        }
    }

    /// True for a file name or a relative path of names inside a folder: no empty, `.` or `..` component, not
    /// absolute, and not one of the folder's own hidden entries.
    package static func isRelativeName(_ name: String) -> Bool {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = components.first, !Names.isInternal(String(first)), !name.unicodeScalars.contains("\u{0}") else { return false }
        return components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The folders a relative path lies in, outermost first: `a/b/c.png` is in `a` and `a/b`.
    ///
    /// Split by hand: Foundation's `deletingLastPathComponent` traps on a one-character name it made itself
    /// (`"a/b"` gives `"a"`, whose parent then traps), which a golden folder named `a` would reach.
    package static func folders(of name: String) -> [String] {
        let components = name.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return components.indices.map { components[...$0].joined(separator: "/") }
    }
}
