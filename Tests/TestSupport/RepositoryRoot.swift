import Foundation

/// The repository's root, found from this file's path so that tests do not depend on the working directory.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
