import FoundationEssentials

/// A spec file's location as `assertPickerSnapshot(ofSpecFile:as:named:)` takes it: a path (`String`; a relative one
/// is taken in the folder of the test file that calls, as the goldens are) or a file `URL` (such as
/// `Bundle.module.url(forResource: "period", withExtension: "json")`).
///
/// `String` and `URL` conform; other types need not.
public protocol SnapshotSpecFile: Sendable {
    /// The location as a path, relative to the calling test file's folder unless it starts with `/`; nil when it is
    /// not a file on this machine (a URL of another scheme, such as `https:`), which the assertion refuses.
    var snapshotSpecPath: String? { get }
}

extension String: SnapshotSpecFile {
    /// The path as written.
    public var snapshotSpecPath: String? { self }
}

extension URL: SnapshotSpecFile {
    /// The file URL's path; nil for a URL of another scheme.
    public var snapshotSpecPath: String? { isFileURL ? path : nil }
}
