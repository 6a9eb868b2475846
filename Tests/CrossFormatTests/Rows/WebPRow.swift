import AnimationTestSupport
import Foundation
import PickerReel

/// The animated WebP (`webp()`, lossless), decoded by libwebp's `WebPAnimDecoder` and played frame by frame.
struct WebPRow: FormatRow {
    let name = "WebP"

    func tolerance(for renderer: Renderer) -> PictureTolerance {
        PictureTolerance(kind: .exact, reason: "lossless, full alpha (the colour of a transparent pixel is not kept)")
    }

    func pictures(of renderer: Renderer, at moments: [Double], workingIn folder: URL) throws -> [RGBAImage] {
        let playback = try DecodedWebP([UInt8](renderer.webp())).playback
        // Starts are whole milliseconds.
        return try moments.map { time in
            guard let picture = playback.picture(at: time, unit: 0.001) else { throw RowFailure(description: "the WebP has no frames") }
            return picture
        }
    }
}
