import PickerKit
import Synchronization

/// A plan's icons and images drawn at the size they are drawn (`GraphicPicture`), at most once a scale: shared by
/// every drawer of the render, so that N threads and N frames cost one decode of a PNG and one librsvg drawing of
/// an SVG.
///
/// SVG documents are drawn when the plan is made (so `validate` refuses one librsvg cannot draw); PNG pixels are
/// decoded when the first drawer needs them (`validate` reads only their headers).
package final class GraphicPictures: Sendable {
    private let drawn = Mutex<[Key: GraphicPicture?]>([:])
    private let files: [GraphicFile?]
    private let frames: [Rect?]
    private let fields: [String]

    private struct Key: Hashable {
        var scale: Double
        var index: Int
    }

    /// The pictures of `files`, each drawn into the frame of the same index (nil: the item has no graphic);
    /// `fields` name them in messages (`items[N].icon`).
    init(files: [GraphicFile?], frames: [Rect?], fields: [String]) {
        self.files = files
        self.frames = frames
        self.fields = fields
    }

    /// Each item's picture at `scale` pixels a point, nil for an item without an icon or image; each drawn on the
    /// first call for that scale.
    ///
    /// Throws `RenderError` as `GraphicPicture.drawing` does; the field is in its message.
    package func pictures(scale: Double) throws(RenderError) -> [GraphicPicture?] {
        var pictures: [GraphicPicture?] = []
        for index in files.indices { pictures.append(try picture(at: index, scale: scale)) }
        return pictures
    }

    /// Item `index`'s picture at `scale` pixels a point (see `pictures(scale:)`).
    package func picture(at index: Int, scale: Double) throws(RenderError) -> GraphicPicture? {
        guard let file = files[index], let frame = frames[index] else { return nil }
        return try drawn.withLock { drawn throws(RenderError) -> GraphicPicture? in
            let key = Key(scale: scale, index: index)
            if let picture = drawn[key] { return picture }
            let picture = try GraphicPicture.drawing(file, in: frame, scale: scale, field: fields[index])
            drawn[key] = .some(picture)
            return picture
        }
    }

    /// The bytes of the pictures drawn so far.
    package var byteCount: Int {
        drawn.withLock { $0.values.reduce(0) { $0 + ($1?.byteCount ?? 0) } }
    }
}
