import FoundationEssentials
import PickerReel
import Synchronization

/// The spec as the preview shows it: the renderers of its last good version, one per variant, and the message of
/// its latest version when that one is broken.
///
/// Reloaded from the files by the watcher's thread while the server's threads read it: every read sees one whole
/// version, never half of a reload.
final class PreviewSession: Sendable {
    /// The spec file, as the user typed it (messages name it so).
    let specPath: String
    private let shown = Mutex(Shown())
    /// The tool's line for an error about the spec (`validate`'s), ending in a newline.
    private let errorLine: @Sendable (_ error: any Error, _ specPath: String) -> String

    /// What the page shows at one moment.
    struct Shown: Sendable {
        /// Counts the good versions loaded: 0 before the first, one more at each reload that rendered.
        var generation = 0
        /// The last good version's variants, in the spec's order (its own appearance first).
        var variants: [PreviewVariant] = []
        /// The page's description of the last good version (`/animation`).
        var animation: [UInt8] = []
        /// The line `validate` prints for the latest version, when it is broken; nil when it rendered.
        var error: String? = nil
        /// The files the latest version reads: the spec and its icons and images.
        var files: [String] = []
        /// How those files looked just before they were read, so a save during a reload is not missed.
        var fingerprint = FileFingerprint([])
    }

    /// A session for the spec at `path`, whose failures `errorLine` words; nothing is read until `reload()`.
    init(specPath: String, errorLine: @escaping @Sendable (_ error: any Error, _ specPath: String) -> String) {
        self.specPath = specPath
        self.errorLine = errorLine
        shown.withLock { $0.files = [specPath] }
    }

    /// What the page shows now.
    var current: Shown { shown.withLock { $0 } }

    /// Reads the spec and its files again and prepares a renderer for each variant.
    ///
    /// A spec that renders becomes the next generation; a broken one leaves the last good version shown, with its
    /// message (the same line `validate` prints) beside it. Returns the message, or nil when the spec rendered.
    @discardableResult
    func reload() -> String? {
        var files = current.files
        // Each file is looked at before it is read: a save after the look shows as a change at the next one.
        var fingerprint = FileFingerprint([specPath])
        do {
            let spec: PickerSpec
            do {
                spec = try PickerSpec(contentsOf: URL(fileURLWithPath: specPath), file: specPath, root: nil)
            } catch {
                fingerprint = fingerprint + FileFingerprint(Array(files.dropFirst()))
                throw error
            }
            let referenced = Self.referencedFiles(of: spec, specPath: specPath)
            files = [specPath] + referenced
            fingerprint = fingerprint + FileFingerprint(referenced)
            var variants: [PreviewVariant] = []
            for variant in spec.variants {
                let renderer = try Renderer(spec, variant: variant, file: specPath)
                variants.append(PreviewVariant(name: variant.label, renderer: renderer))
            }
            shown.withLock { shown in
                shown.generation += 1
                shown.variants = variants
                shown.animation = Array(jsonText(AnimationReport(generation: shown.generation, spec: specPath, variants: variants)).utf8)
                shown.error = nil
                shown.files = files
                shown.fingerprint = fingerprint
            }
            return nil
        } catch {
            var line = errorLine(error, specPath)
            if line.hasSuffix("\n") { line.removeLast() }
            shown.withLock { shown in
                shown.error = line
                shown.files = files
                shown.fingerprint = fingerprint
            }
            return line
        }
    }

    /// The files `spec` reads (`PickerSpec.referencedFiles`), as paths from the working folder (relative ones start
    /// at the spec's folder, as the renderer reads them).
    static func referencedFiles(of spec: PickerSpec, specPath: String) -> [String] {
        let folder = URL(fileURLWithPath: specPath).deletingLastPathComponent()
        return spec.referencedFiles.map { $0.hasPrefix("/") ? $0 : folder.appendingPathComponent($0).path }
    }
}

/// One appearance of the spec in the preview: its name (`default` or the variant's suffix) and its renderer.
struct PreviewVariant: Sendable {
    /// `default` for the spec's own appearance, or the variant's suffix (`dark-rtl@3x`).
    var name: String
    /// Draws the frames, exactly as `render` and `frame` draw them.
    var renderer: Renderer
}
