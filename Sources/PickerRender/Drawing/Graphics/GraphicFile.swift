import FoundationEssentials
import Glibc
import PickerKit

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

    /// Reads the icon or image `path` names (relative to the spec's folder, inside the root: `FileScope`), for the
    /// field at `field`.
    ///
    /// Throws `SpecError` naming the field when the file is outside the root, missing, not a regular file, over
    /// `SpecLimits.maximumImageFileBytes`, not an SVG (for an icon) or an SVG or PNG (for an image), or malformed.
    package static func load(_ path: String, in scope: FileScope, template: Bool, file: String?, field: JSONPath) throws(SpecError)
        -> GraphicFile
    {
        func failure(_ reason: String) -> SpecError {
            SpecError(file: file, path: field, problem: .unusableFile(path: path, reason: reason))
        }
        let bytes: [UInt8]
        do {
            bytes = try scope.read(path, maximumBytes: SpecLimits.maximumImageFileBytes)
        } catch {
            throw failure(error.reason(for: "an icon or image"))
        }
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
