/// Joining and splitting file paths as strings, as `NSString`'s path methods do on Linux for the paths the tool
/// meets, without Foundation.
package enum FilePath {
    /// `name` inside `folder`: `folder`, a slash unless it ends with one, and `name`; `name` alone when `folder` is
    /// empty.
    package static func join(_ folder: String, _ name: String) -> String {
        guard !folder.isEmpty else { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The last part of `path` (after its last slash, trailing slashes ignored): `"b.png"` for `"a/b.png"`.
    package static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
