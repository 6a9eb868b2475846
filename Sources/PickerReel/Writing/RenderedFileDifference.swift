/// One file of a spec's output folder that is not what a fresh render writes: what `RenderBatch.verify` reports and
/// `pickerreel render --verify` names.
public struct RenderedFileDifference: Sendable, Equatable {
    /// How the file on disk differs.
    public enum Kind: Sendable, Equatable {
        /// A fresh render writes it, and the folder has no such file.
        case missing
        /// The folder holds it, a name the formats rendered own (`frame-0099.png` after a shorter render), and a
        /// fresh render does not write it.
        case extra
        /// A file of that name is there, with other bytes.
        case differentBytes
        /// Something other than a regular file is there (a symbolic link, a folder), or it cannot be read: the reason.
        case notAFile(String)
    }

    /// The file's path: the output folder's path, `/`, and its name; or the spec's folder itself.
    public var path: String
    /// How it differs.
    public var kind: Kind

    /// A difference of `kind` at `path`.
    package init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// The difference in words, after the path: `differs from a fresh render`, `missing`, ….
    public var reason: String {
        switch kind {
        case .missing: "missing (a fresh render writes it)"
        case .extra: "not written by a fresh render (left by another render, or added)"
        case .differentBytes: "differs from a fresh render"
        case .notAFile(let what): "\(what), not what a render writes"
        }
    }
}
