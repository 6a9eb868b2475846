import Foundation
import PickerReel

/// The PNG frame files `render` writes (`png(frame:)`): the file of the frame on screen at each moment, which must
/// be the picture `frame --time` draws for it (`png(at:)`), byte for byte once decoded.
struct FrameFilesRow: FormatRow {
    let name = "PNG frame files"

    func tolerance(for renderer: Renderer) -> PictureTolerance {
        PictureTolerance(kind: .exact, reason: "the same drawing at the same moment, losslessly compressed")
    }

    func pictures(of renderer: Renderer, at moments: [Double], workingIn folder: URL) throws -> [RGBAImage] {
        try moments.map { time in
            // Frame k is on screen from k / fps until the next frame; the last one until the end.
            let index = min(Int((time * renderer.timeline.fps + 1e-6).rounded(.down)), renderer.frameCount - 1)
            return try decodePNG(renderer.png(frame: index), name: "frame \(index)")
        }
    }
}
