import FoundationEssentials
import PickerKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An item's icon or image as read from its file: the bytes, what they are, and the picture's aspect ratio, checked
/// when a spec is planned so that `validate` finds a missing, oversized or malformed file.
package struct GraphicFile: Equatable, Sendable {
    /// What the file holds.
    package enum Kind: Hashable, Sendable {
        /// An SVG document, drawn as vectors by librsvg.
        case svg
        /// A PNG picture.
        case png
    }

    /// The file's bytes.
    package var bytes: [UInt8]
    /// SVG or PNG.
    package var kind: Kind
    /// Width over height.
    package var aspectRatio: Double
    /// True for an icon: a template whose shape is drawn in the label's colour.
    package var isTemplate: Bool
    /// The pixels a PNG's header declares (width × height), which decoding it takes; 0 for an SVG.
    package var pixelCount = 0

    /// Reads the icon or image `path` names (relative to `folder` unless absolute), for the field at `field`.
    ///
    /// Throws `SpecError` naming the field when the file is missing, not a regular file, over
    /// `SpecLimits.maximumImageFileBytes`, not an SVG (for an icon) or an SVG or PNG (for an image), or malformed.
    package static func load(_ path: String, relativeTo folder: URL?, template: Bool, file: String?, field: JSONPath) throws(SpecError)
        -> GraphicFile
    {
        func failure(_ reason: String) -> SpecError {
            SpecError(file: file, path: field, problem: .unusableFile(path: path, reason: reason))
        }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : (folder ?? URL(fileURLWithPath: ".")).appendingPathComponent(path)
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw failure(errno == ENOENT ? "no such file" : String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
        guard Int(status.st_size) <= SpecLimits.maximumImageFileBytes else {
            throw failure("the file is \(status.st_size) bytes; an icon or image may be at most \(SpecLimits.maximumImageFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: url.path), data.count <= SpecLimits.maximumImageFileBytes else {
            throw failure("cannot read it")
        }
        let bytes = [UInt8](data)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard !template else { throw failure("an icon must be an SVG file (use \"image\" for a PNG in its own colours)") }
            // The header and the chunks' CRCs, not the pixels: those are decoded once a render, at the size drawn.
            do {
                let header = try PNGStructure(checking: bytes, path: path)
                return GraphicFile(
                    bytes: bytes, kind: .png, aspectRatio: Double(header.width) / Double(header.height), isTemplate: false,
                    pixelCount: header.width * header.height)
            } catch {
                throw failure("not a PNG that can be read (\(error))")
            }
        }
        do {
            let svg = try SVGDocument(bytes: bytes)
            return GraphicFile(bytes: bytes, kind: .svg, aspectRatio: svg.aspectRatio, isTemplate: template)
        } catch {
            throw failure(
                template
                    ? "not an SVG file that can be read (\(error.description))"
                    : "neither a PNG nor an SVG that can be read (\(error.description))")
        }
    }
}
