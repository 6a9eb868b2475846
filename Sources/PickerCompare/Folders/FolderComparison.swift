import Foundation
import PickerKit
import PickerRender

/// Compares two PNG files, or two folders of PNG files name by name, and writes diff pictures for the files that
/// do not match (those compared pixel by pixel: a missing file or a size mismatch has no diff picture).
///
/// Folders are compared by the names of the `*.png` files directly inside them, in sorted order; a name found on
/// one side only is a difference that names the missing side.
public struct FolderComparison: Sendable {
    /// How pixels are compared (threshold, anti-aliasing); whether to draw diff pictures follows `diffPath`.
    public var settings: ComparisonSettings
    /// How many differing pixels a file may have and still match.
    public var tolerance: Tolerance
    /// Where diff pictures go: a folder when comparing folders (made if missing; one `NAME.png` per differing
    /// file), a file when comparing two files (or a folder to put `NAME.png` in, if one exists there); nil for none.
    public var diffPath: String?

    /// A comparison with pixelmatch's default settings, no tolerance, and no diff pictures unless given.
    public init(settings: ComparisonSettings = ComparisonSettings(), tolerance: Tolerance = .exact, diffPath: String? = nil) {
        self.settings = settings
        self.tolerance = tolerance
        self.diffPath = diffPath
    }

    /// Compares `expected` with `actual`: two PNG files or two folders.
    ///
    /// Throws `CompareError` when a path is not there, one is a file and the other a folder, a folder cannot be
    /// listed, a file cannot be read or is not a PNG, a diff picture cannot be written, or `diffPath` is one of the
    /// inputs (diff pictures would overwrite the pictures compared). Differences are not errors: they are in the
    /// summary.
    public func compare(expected: String, actual: String) throws(CompareError) -> ComparisonSummary {
        switch (try CompareInput.resolve(expected), try CompareInput.resolve(actual)) {
        case (.file, .file):
            let name = URL(fileURLWithPath: expected).lastPathComponent
            let diffTarget = singleDiffTarget(name: name)
            try Self.refuseOverwriting(inputs: [expected, actual], with: diffTarget)
            let file = try compareFiles(name: name, expected: expected, actual: actual, diffTarget: diffTarget)
            return ComparisonSummary(files: [file])
        case (.folder, .folder):
            try Self.refuseOverwriting(inputs: [expected, actual], with: diffPath)
            return ComparisonSummary(files: try compareFolders(expected: expected, actual: actual))
        case (.folder, .file):
            throw CompareError(.mixedKinds(folder: expected, file: actual))
        case (.file, .folder):
            throw CompareError(.mixedKinds(folder: actual, file: expected))
        }
    }

    func compareFolders(expected: String, actual: String) throws(CompareError) -> [FileComparison] {
        let expectedNames = try CompareInput.pngNames(in: expected)
        let actualNames = try CompareInput.pngNames(in: actual)
        let allNames = Set(expectedNames).union(actualNames).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        let expectedSet = Set(expectedNames)
        let actualSet = Set(actualNames)

        var files: [FileComparison] = []
        for name in allNames {
            guard expectedSet.contains(name) else {
                files.append(FileComparison(name: name, outcome: .missing(.expected), matches: false))
                continue
            }
            guard actualSet.contains(name) else {
                files.append(FileComparison(name: name, outcome: .missing(.actual), matches: false))
                continue
            }
            let diffTarget = diffPath.map { ($0 as NSString).appendingPathComponent(name) }
            files.append(
                try compareFiles(
                    name: name,
                    expected: (expected as NSString).appendingPathComponent(name),
                    actual: (actual as NSString).appendingPathComponent(name),
                    diffTarget: diffTarget
                )
            )
        }
        return files
    }

    /// Compares two PNG files and writes the diff picture to `diffTarget` when they do not match.
    func compareFiles(name: String, expected: String, actual: String, diffTarget: String?) throws(CompareError) -> FileComparison {
        let expectedImage = try Self.read(expected)
        let actualImage = try Self.read(actual)
        var pixelSettings = settings
        pixelSettings.drawsDiffImage = diffTarget != nil

        switch ImageComparison.compare(expected: expectedImage, actual: actualImage, settings: pixelSettings) {
        case .differentSizes(let expectedSize, let actualSize):
            return FileComparison(name: name, outcome: .differentSizes(expected: expectedSize, actual: actualSize), matches: false)
        case .compared(var pixels):
            let matches = tolerance.accepts(pixels)
            var writtenPath: String?
            if !matches, let diffTarget, let diffImage = pixels.diffImage {
                try Self.writeDiff(diffImage, to: diffTarget)
                writtenPath = diffTarget
            }
            // The picture is written; keeping it would hold a picture's worth of memory per file.
            pixels.diffImage = nil
            return FileComparison(name: name, outcome: .compared(pixels), matches: matches, diffPath: writtenPath)
        }
    }

    /// Where the diff picture of two single files goes: `diffPath` itself, or `diffPath/NAME` if it is a folder.
    func singleDiffTarget(name: String) -> String? {
        guard let diffPath else { return nil }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: diffPath, isDirectory: &isFolder), isFolder.boolValue {
            return (diffPath as NSString).appendingPathComponent(name)
        }
        return diffPath
    }

    /// Throws when `diffPath` names one of `inputs`, the same file or folder however spelled.
    static func refuseOverwriting(inputs: [String], with diffPath: String?) throws(CompareError) {
        guard let diffPath else { return }
        let canonical = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        if inputs.contains(where: { canonical($0) == canonical(diffPath) }) {
            throw CompareError(.diffOverwritesInput(path: diffPath))
        }
    }

    static func read(_ path: String) throws(CompareError) -> RGBAImage {
        do {
            return try PNGFile.read(path)
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
    }

    static func writeDiff(_ image: RGBAImage, to path: String) throws(CompareError) {
        do {
            // The renderer's atomic writer: missing folders are made, and no reader sees half a picture.
            try AtomicFile.write(try PNGFile.encode(image), to: path)
        } catch {
            if case .file(_, let reason) = error {
                throw CompareError(.cannotWriteDiff(path: path, reason: reason))
            }
            throw CompareError(.cannotWriteDiff(path: path, reason: error.description))
        }
    }
}
