import FoundationEssentials
import PickerKit
import PickerRender

/// The HTML report `pickerreel compare --report html DIR` writes: `DIR/index.html`, a page that needs nothing but
/// the files beside it (no network, no script from elsewhere; it opens from `file://` and as a CI artifact), and
/// the pictures it shows under `DIR/files/`.
///
/// The page opens on a grid of the spec-variants that changed (a folder `render` writes, or a name
/// `assertPickerSnapshot` gives), each a card with the expected, actual and diff pictures of its largest change:
/// changed pictures first, then removed, then added, the largest change first, with a filter by name and by
/// status. Below, each has its expected and actual animations playing side by side, a slider that wipes from one
/// to the other and an onion skin that fades one over the other, and its frames as a strip in which a run of frames
/// with the same expected and actual pictures (a hold) is one entry. The page's script draws cards and sections
/// from one JSON block as the reader scrolls, so a report of thousands of files opens at once.
package enum HTMLReport {
    /// Writes the report of `summary` into `folder` (made if missing) and returns the page's path.
    ///
    /// Diff pictures are taken from each file's `diffPath`, so run the comparison with a `diffPath` to have them.
    /// Throws `CompareError` when `folder` is or is inside EXPECTED or ACTUAL, or when a folder or file cannot be
    /// written or a picture cannot be read or copied.
    ///
    /// When anything does not match, the page says how to accept exactly what it shows (`advice`): the `--update`
    /// command, and in the GitHub Action its `update: true` input.
    @discardableResult
    package static func write(_ summary: ComparisonSummary, to folder: String, advice: AcceptAdvice = AcceptAdvice()) throws(CompareError)
        -> String
    {
        try FolderComparison.refuseOverwriting(inputs: [summary.expected, summary.actual], with: folder, what: "HTML report")
        var shown: [ShownSpec] = []
        for spec in ChangedSpec.changed(in: summary.files) {
            shown.append(try copyPictures(of: spec, into: folder))
        }
        let page = HTMLReportPage.document(summary, specs: shown, advice: advice)
        let path = FilePath.join(folder, "index.html")
        do {
            try AtomicFile.write(Array(page.utf8), to: path)
        } catch {
            throw CompareError(.cannotWrite(path: path, what: "HTML report", reason: error.description))
        }
        return path
    }

    /// A changed spec-variant as the page shows it: its holds, and where each frame's pictures are in the report.
    struct ShownSpec {
        /// The spec-variant and its frames.
        var spec: ChangedSpec
        /// Runs of frames with the same pictures, each one entry of the strip.
        var holds: [Range<Int>]
        /// For each frame, its pictures relative to the report's folder (a hold's frames share its first frame's).
        var pictures: [Pictures]
    }

    /// The pictures the report holds for one frame: `files/expected/PATH`, `files/actual/PATH`, `files/diff/PATH`.
    struct Pictures: Equatable {
        /// The path of the frame whose pictures were copied (a hold's first frame), relative to the roots.
        var path: String
        var expected = false
        var actual = false
        var diff = false

        /// Where the picture of `kind` (`expected`, `actual`, `diff`) is, relative to the report's folder; nil when
        /// the frame has none.
        func location(_ kind: String) -> String? {
            let present = kind == "expected" ? expected : kind == "actual" ? actual : diff
            return present ? "files/\(kind)/\(path)" : nil
        }
    }

    /// Which bytes a frame's two pictures hold, to find holds: frames with equal digests show the same change.
    struct FrameDigest: Equatable {
        var expected: Int?
        var actual: Int?
    }

    /// Copies the pictures `spec` shows into `folder/files/expected|actual|diff/PATH`; the one place that decides
    /// which files the report copies.
    ///
    /// Only the first frame of each hold is copied (the frames after it have the same bytes, so the page shows the
    /// first one's); matching frames are copied too, so that the animations play whole.
    static func copyPictures(of spec: ChangedSpec, into folder: String) throws(CompareError) -> ShownSpec {
        var digests: [FrameDigest] = []
        var pictures: [Pictures] = []
        for frame in spec.frames {
            let expected = try frame.expectedPath.map { (path: String) throws(CompareError) in try read(path) }
            let actual = try frame.actualPath.map { (path: String) throws(CompareError) in try read(path) }
            let digest = FrameDigest(expected: expected.map(digestOf), actual: actual.map(digestOf))
            defer { digests.append(digest) }
            if digest == digests.last, let held = pictures.last {
                pictures.append(held)
                continue
            }
            var copied = Pictures(path: frame.path)
            if let expected {
                copied.expected = true
                try store(expected, at: FilePath.join(folder, "files/expected/\(frame.path)"))
            }
            if let actual {
                copied.actual = true
                try store(actual, at: FilePath.join(folder, "files/actual/\(frame.path)"))
            }
            if let diff = frame.diffPath {
                copied.diff = true
                try copy(diff, to: FilePath.join(folder, "files/diff/\(frame.path)"))
            }
            pictures.append(copied)
        }
        return ShownSpec(spec: spec, holds: ChangedSpec.holds(digests), pictures: pictures)
    }

    /// The bytes' digest: equal bytes give equal digests within one run.
    static func digestOf(_ bytes: [UInt8]) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    static func read(_ source: String) throws(CompareError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        } catch {
            throw CompareError(.notFileOrFolder(path: source, reason: "cannot be read for the HTML report (\(FileErrors.reason(error)))"))
        }
    }

    static func store(_ bytes: [UInt8], at destination: String) throws(CompareError) {
        do {
            try AtomicFile.write(bytes, to: destination)
        } catch {
            throw CompareError(.cannotWrite(path: destination, what: "HTML report's copy", reason: error.description))
        }
    }

    static func copy(_ source: String, to destination: String) throws(CompareError) {
        if FolderComparison.canonical(source) == FolderComparison.canonical(destination) { return }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        } catch {
            throw CompareError(.cannotWrite(path: destination, what: "HTML report's copy", reason: FileErrors.reason(error)))
        }
        try store(bytes, at: destination)
    }

    /// `text` with HTML's special characters escaped.
    static func html(_ text: String) -> String {
        PlainText.escaped(text).replacingScalars(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
    }

    /// A relative URL for the `/`-separated `path`, each part percent-encoded: ASCII letters and digits and `-._~`
    /// stay as they are, every other byte of its UTF-8 becomes `%XX` (what Foundation's `addingPercentEncoding` with
    /// `.alphanumerics` gives on Linux).
    static func url(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            var encoded = ""
            for byte in part.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let hex = String(byte, radix: 16, uppercase: true)
                    encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
                }
            }
            return encoded
        }.joined(separator: "/")
    }
}
