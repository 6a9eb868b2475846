import FoundationEssentials
import PickerKit
import PickerRender
import PickerWebP

/// Compares two PNG files, or two folder trees of PNG files by relative path, and writes diff pictures for the
/// files that differ pixel by pixel.
///
/// In trees, every `*.png` below each root is matched by its path relative to the root (so the batch layout
/// `out/<spec>/frame-0000.png` is compared spec by spec); a path only in ACTUAL is `added`, one only in EXPECTED
/// `removed` (or the pair `renamed` when their bytes are equal), and pictures of different sizes are `sizeChanged` (a
/// layout change, no pixels compared). Files with equal bytes match without being decoded.
public struct FolderComparison: Sendable {
    /// How pixels are compared (metric, threshold, anti-aliasing); whether to draw diff pictures follows `diffPath`.
    public var settings: ComparisonSettings
    /// How many differing pixels a file may have and still match.
    public var tolerance: Tolerance
    /// Where diff pictures go: a folder when comparing trees (made if missing; one picture per differing file at
    /// its relative path), a file when comparing two files (or a folder to put `NAME.png` in, if one exists
    /// there); nil for none.
    public var diffPath: String?
    /// Top folders of EXPECTED (spec folders) that another shard of the run rendered: when ACTUAL has no such folder,
    /// its files are left out rather than reported removed (`render --shard` records them).
    package var otherShardsSpecs: Set<String> = []
    /// How much memory the pictures may take at once (`--memory`): pairs of files are compared side by side only as
    /// many as fit in it together, and a pair of files (animations or still pictures) that would not fit alone is
    /// refused from their headers (`ComparisonMemory`).
    public var memory = MemoryBudget.standard
    /// The budget the files of one `compare` call share; set by `compare`.
    var sharedMemory: SharedMemoryBudget?

    /// A comparison with the measured default settings, no tolerance, and no diff pictures unless given.
    public init(settings: ComparisonSettings = ComparisonSettings(), tolerance: Tolerance = .exact, diffPath: String? = nil) {
        self.settings = settings
        self.tolerance = tolerance
        self.diffPath = diffPath
    }

    /// Compares `expected` with `actual`: two PNG files or two folders.
    ///
    /// With `allowsMissingExpected`, an EXPECTED that does not exist counts as empty (every actual file is
    /// `added`), for `--update` to make it. Throws `CompareError` when a path is not there or is a FIFO or device,
    /// one is a file and the other a folder, a folder cannot be listed, a file cannot be read, is not a PNG or is
    /// beyond the picture limits, a diff picture cannot be written, or `diffPath` is one of the inputs.
    /// Differences are not errors, and neither is finding no PNG file: both are in the summary's `status`.
    public func compare(expected: String, actual: String, allowsMissingExpected: Bool = false) throws(CompareError) -> ComparisonSummary {
        var comparison = self
        // Not trimmed after each pair: the next pair reuses the freed pictures (`pickerreel compare` keeps them).
        comparison.sharedMemory = SharedMemoryBudget(memory, trimsFreedMemory: false)
        return try comparison.compareShared(expected: expected, actual: actual, allowsMissingExpected: allowsMissingExpected)
    }

    /// True when something is at `path` (looked at, not opened), so a missing EXPECTED can be made from it.
    private static func isThere(_ path: String) -> Bool {
        if case .missing = FileKind.of(path) { return false }
        return true
    }

    /// `compare`, with `sharedMemory` set.
    private func compareShared(expected: String, actual: String, allowsMissingExpected: Bool) throws(CompareError) -> ComparisonSummary {
        let expectedInput: CompareInput
        do {
            expectedInput = try CompareInput.resolve(expected, allowsAbsent: allowsMissingExpected)
        } catch  where error.representation == .notFound(path: expected) && Self.isThere(actual) {
            throw CompareError(.noExpected(path: expected, actual: actual))
        }
        let actualInput = try CompareInput.resolve(actual)
        let present = expectedInput == .absent(path: expected) ? nil : expected
        let files: [FileComparison]
        switch (expectedInput, actualInput) {
        case (.file, .file), (.absent, .file):
            let name = URL(fileURLWithPath: present ?? actual).lastPathComponent
            let diffTarget = singleDiffTarget(name: name)
            try Self.refuseOverwriting(inputs: [expected, actual], with: diffTarget)
            files = [try compareEntry(path: name, expected: present, actual: actual, diffTarget: diffTarget)]
        case (.folder, .folder), (.absent, .folder):
            try Self.refuseOverwriting(inputs: [expected, actual], with: diffPath)
            files = try compareTrees(expected: present, actual: actual)
        case (.folder, .file), (.file, .folder):
            // A folder of PNG frames against an animation; anything else is refused as mixed kinds.
            files = [try compareFrames(expected: expected, actual: actual, framesAreExpected: expectedInput == .folder(path: expected))]
        case (_, .absent):
            throw CompareError(.notFound(path: actual))
        }
        var summary = ComparisonSummary(expected: expected, actual: actual, settings: settings, tolerance: tolerance, files: files)
        let manifests = FolderManifests()
        summary.environmentChanges = EnvironmentChanges.of(files, manifests: manifests)
        summary.contrastChanges = ContrastChanges.of(files, manifests: manifests)
        return summary
    }

    func compareTrees(expected: String?, actual: String) throws(CompareError) -> [FileComparison] {
        var expectedPaths = try expected.map { (root: String) throws(CompareError) in try CompareInput.pngPaths(in: root) } ?? []
        let actualPaths = try CompareInput.pngPaths(in: actual)
        if !otherShardsSpecs.isEmpty {
            let present = Set(actualPaths.compactMap { $0.split(separator: "/").first.map(String.init) })
            expectedPaths.removeAll { path in
                guard let top = path.split(separator: "/").first.map(String.init), path.contains("/") else { return false }
                return otherShardsSpecs.contains(top) && !present.contains(top)
            }
        }
        // Paired by their bytes: String equality takes canonically equal names (`Å` as U+00C5 and as U+212B) for one,
        // and a golden under the other spelling would never be read. UTF-8 byte order is code point order.
        let expectedSet = Set(expectedPaths.map { Array($0.utf8) })
        let actualSet = Set(actualPaths.map { Array($0.utf8) })
        let all = expectedSet.union(actualSet).sorted { $0.lexicographicallyPrecedes($1) }
        let files = try ParallelFiles.map(count: all.count) { (index: Int) throws(CompareError) -> FileComparison in
            let relative = String(decoding: all[index], as: UTF8.self)
            return try compareEntry(
                path: relative,
                expected: expectedSet.contains(all[index]) ? expected.map { Self.join($0, relative) } : nil,
                actual: actualSet.contains(all[index]) ? Self.join(actual, relative) : nil,
                diffTarget: diffPath.map { Self.join($0, relative) })
        }
        return EqualFiles.pairingRenames(files)
    }

    /// Compares the files of one relative path, either of which may be absent, and writes the diff picture to
    /// `diffTarget` when they differ pixel by pixel.
    func compareEntry(path: String, expected: String?, actual: String?, diffTarget: String?) throws(CompareError) -> FileComparison {
        guard let expected else {
            let size = try actual.map { (file: String) throws(CompareError) in try Self.declaredSize(file) }
            return FileComparison(path: path, outcome: .added(size), matches: false, actualPath: actual)
        }
        guard let actual else {
            return FileComparison(path: path, outcome: .removed(try Self.declaredSize(expected)), matches: false, expectedPath: expected)
        }
        // Each file read once (`PictureFile`), and every question of the pair asked of those bytes; a file that cannot
        // be held so goes the way of paths below, whose readers say what is wrong with it.
        if let expectedFile = PictureFile.read(expected), let actualFile = PictureFile.read(actual) {
            return try compareFiles(path: path, expected: expectedFile, actual: actualFile, diffTarget: diffTarget)
        }
        if let equal = try EqualFiles.match(path: path, expected: expected, actual: actual, tolerance: tolerance) { return equal }
        if let animated = try compareAnimations(path: path, expected: expected, actual: actual, diffTarget: diffTarget) { return animated }
        // The headers first: pictures of different sizes are reported without decoding either (a file whose header
        // cannot be read is left to `read`, which says what is wrong with it).
        if let expectedSize = try? PNGFile.declaredSize(ofFile: expected), let actualSize = try? PNGFile.declaredSize(ofFile: actual) {
            guard expectedSize == actualSize else {
                return FileComparison(
                    path: path,
                    outcome: .sizeChanged(
                        expected: ImageSize(width: expectedSize.width, height: expectedSize.height),
                        actual: ImageSize(width: actualSize.width, height: actualSize.height)), matches: false, expectedPath: expected,
                    actualPath: actual)
            }
            let need = ComparisonMemory.stills(
                pixels: expectedSize.width * expectedSize.height, fileBytes: Self.fileBytes(expected) + Self.fileBytes(actual),
                drawsDiff: diffTarget != nil)
            try refuseStillsOverBudget(
                need, expected: expected, actual: actual, size: ImageSize(width: expectedSize.width, height: expectedSize.height),
                drawsDiff: diffTarget != nil)
            return try withShare(of: need) { () throws(CompareError) -> FileComparison in
                try compareStills(path: path, expected: expected, actual: actual, diffTarget: diffTarget)
            }
        }
        return try compareStills(path: path, expected: expected, actual: actual, diffTarget: diffTarget)
    }

    /// The size of the regular file at `path`; 0 for anything else.
    static func fileBytes(_ path: String) -> Int {
        guard case .regularFile(let bytes) = FileKind.of(path) else { return 0 }
        return bytes
    }

    /// Runs `body` holding `bytes` of the comparison's shared memory budget (none outside `compare`).
    func withShare<T>(of bytes: Int, _ body: () throws(CompareError) -> T) throws(CompareError) -> T {
        guard let sharedMemory else { return try body() }
        return try sharedMemory.withShare(of: bytes, body)
    }

    /// Compares two still pictures pixel by pixel, and writes the diff picture to `diffTarget` when they differ.
    func compareStills(path: String, expected: String, actual: String, diffTarget: String?) throws(CompareError) -> FileComparison {
        try compareStills(
            path: path, expectedImage: try Self.read(expected), actualImage: try Self.read(actual), expected: expected, actual: actual,
            diffTarget: diffTarget)
    }

    /// Compares two decoded still pictures pixel by pixel, and writes the diff picture to `diffTarget` when they differ.
    func compareStills(
        path: String, expectedImage: RGBAImage, actualImage: RGBAImage, expected: String, actual: String, diffTarget: String?
    ) throws(CompareError) -> FileComparison {
        var pixelSettings = settings
        pixelSettings.drawsDiffImage = diffTarget != nil

        switch ImageComparison.compare(expected: expectedImage, actual: actualImage, settings: pixelSettings) {
        case .differentSizes(let expectedSize, let actualSize):
            return FileComparison(
                path: path, outcome: .sizeChanged(expected: expectedSize, actual: actualSize), matches: false, expectedPath: expected,
                actualPath: actual)
        case .compared(var pixels):
            let matches = tolerance.accepts(pixels)
            var writtenPath: String?
            if !matches, let diffTarget, let diffImage = pixels.diffImage {
                try Self.writeDiff(diffImage, to: diffTarget)
                writtenPath = diffTarget
            }
            // The picture is written; keeping it would hold a picture's worth of memory per file.
            pixels.diffImage = nil
            return FileComparison(
                path: path, outcome: .compared(pixels), matches: matches, expectedPath: expected, actualPath: actual, diffPath: writtenPath)
        }
    }

    /// Where the diff picture of two single files goes: `diffPath` itself, or `diffPath/NAME` if it is a folder.
    func singleDiffTarget(name: String) -> String? {
        guard let diffPath else { return nil }
        if case .folder = FileKind.of(diffPath) { return Self.join(diffPath, name) }
        return diffPath
    }

    /// Throws when `output` names one of `inputs` or lies inside one, the same file or folder however spelled.
    static func refuseOverwriting(inputs: [String], with output: String?, what: String = "diff pictures") throws(CompareError) {
        guard let output else { return }
        let target = canonical(output)
        for input in inputs {
            let root = canonical(input)
            if target == root || (FileKind.of(input) == .folder && target.hasPrefix(root + "/")) {
                throw CompareError(.overwritesInput(path: output, what: what))
            }
        }
    }

    /// `path` absolute, without `.` or `..`, with symbolic links resolved.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `relative` (`/`-separated) inside `root`.
    static func join(_ root: String, _ relative: String) -> String {
        FilePath.join(root, relative)
    }

    static func read(_ path: String) throws(CompareError) -> RGBAImage {
        try refuseAnimation(path)
        do {
            return try PNGFile.read(path)
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
    }

    /// Throws for an animated PNG: its first frame is all a still reader sees, so comparing it would pass an
    /// animation whose later frames differ.
    static func refuseAnimation(_ path: String) throws(CompareError) {
        guard case .regularFile = FileKind.of(path) else { return }
        let animated: Bool
        do {
            animated = try PNGFile.isAnimated(path)
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
        if animated { throw CompareError(.animated(path: path)) }
    }

    static func declaredSize(_ path: String) throws(CompareError) -> ImageSize {
        if try AnimationReader.isAnimation(path) { return try AnimationReader.size(path) }
        let size: (width: Int, height: Int)
        do {
            size = try PNGFile.declaredSize(ofFile: path)
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
        try refuseAnimation(path)
        return ImageSize(width: size.width, height: size.height)
    }

    /// `declaredSize(_:)` of a file whose bytes are already read: the header's size, refused beyond the limits as
    /// reading it would; an animation (a WebP, or a PNG with an acTL chunk before the first image data, within the
    /// first 1,000 chunks) is sized as `declaredSize(_:)` sizes it.
    static func declaredSize(of bytes: [UInt8], path: String) throws(CompareError) -> ImageSize {
        if WebPAnimationDecoder.isWebP(Array(bytes.prefix(12))) {
            // Its canvas size from its header: equal bytes need no decoding, as equal PNGs need none.
            if let (width, height) = WebPAnimationDecoder.declaredCanvasSize(bytes), width <= SpecLimits.maximumPixelsPerSide,
                height <= SpecLimits.maximumPixelsPerSide, width * height <= SpecLimits.maximumPixelsPerFrame
            {
                return ImageSize(width: width, height: height)
            }
            return try declaredSize(path)
        }
        let size: (width: Int, height: Int)
        do {
            size = try PNGStructure.declaredSize(bytes, path: path)
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
        if PNGChunkHeaders.isAnimated(bytes) { return try declaredSize(path) }
        return ImageSize(width: size.width, height: size.height)
    }

    static func writeDiff(_ image: RGBAImage, to path: String) throws(CompareError) {
        do {
            // The renderer's atomic writer: missing folders are made, and no reader sees half a picture.
            try AtomicFile.write(try PNGFile.encode(image), to: path)
        } catch {
            if case .file(_, let reason) = error {
                throw CompareError(.cannotWrite(path: path, what: "diff picture", reason: reason))
            }
            throw CompareError(.cannotWrite(path: path, what: "diff picture", reason: error.description))
        }
    }
}
