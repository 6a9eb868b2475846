import AnimationTestSupport
import Foundation
import PickerReel

/// The GIF (`gif()`, automatic matte), decoded by giflib and played as browsers play it.
struct GIFRow: FormatRow {
    let name = "GIF"

    func tolerance(for renderer: Renderer) -> PictureTolerance {
        // The automatic matte, as documented: white when the background is not opaque, none otherwise.
        let matte: [UInt8]? = renderer.plan.style.background.alpha < 1 ? [255, 255, 255] : nil
        return PictureTolerance(
            kind: .palette(matte: matte, levels: 40, meanLevels: 12),
            reason:
                "one palette of 256 colours for every frame (libimagequant, Floyd–Steinberg dithered: measured up to 26 levels a "
                + "pixel and 9.3 a 4×4 mean, with colour emoji and a translucent touch), one-bit alpha over the matte")
    }

    func pictures(of renderer: Renderer, at moments: [Double], workingIn folder: URL) throws -> [RGBAImage] {
        let playback = try DecodedGIF([UInt8](renderer.gif())).playback
        // Starts are whole centiseconds.
        return try moments.map { time in
            guard let picture = playback.picture(at: time, unit: 0.01) else { throw RowFailure(description: "the GIF has no frames") }
            return picture
        }
    }
}
