/// Reads a file a spec names by a path relative to the spec's folder (a token file, a theme it extends): the
/// confined read of the tree the spec is in, given by whoever read the spec (`PickerSpec(contentsOf:)`).
package typealias SpecInputReader = @Sendable (_ path: String, _ maximumBytes: Int) -> Result<[UInt8], SpecInputRefusal>

/// Why a file a spec names was not read, in words a message can carry after the file's name.
package struct SpecInputRefusal: Error, Sendable {
    package var reason: String

    package init(reason: String) {
        self.reason = reason
    }
}

/// Paths of the files a spec names, kept relative to the spec's folder whichever file named them.
package enum SpecInputPath {
    /// `path`, written in the file `base`, made relative to the spec's folder.
    ///
    /// `themes/brand.json` naming `../tokens/a.json` gives `tokens/a.json`. An absolute path stays as it is, for
    /// the confined read to refuse; a `..` past the spec's folder stays, for it to judge against the root.
    package static func joined(_ path: String, writtenIn base: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var folder = base.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if !folder.isEmpty { folder.removeLast() }
        var result: [String] = []
        for name in folder + path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            switch name {
            case ".": continue
            case "..": if let last = result.last, last != ".." { result.removeLast() } else { result.append("..") }
            default: result.append(name)
            }
        }
        return result.joined(separator: "/")
    }
}
