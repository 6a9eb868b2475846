import AnimationTestSupport
import Foundation
import PickerReel

/// The animated PNG (`apng()`): its delays read by `APNGChunkReader`, its pictures by Pillow (which applies the
/// dispose and blend operations itself), played frame by frame.
struct APNGRow: FormatRow {
    let name = "APNG"

    func tolerance(for renderer: Renderer) -> PictureTolerance {
        PictureTolerance(kind: .exact, reason: "lossless, full alpha; delays exact fractions of a second")
    }

    func pictures(of renderer: Renderer, at moments: [Double], workingIn folder: URL) throws -> [RGBAImage] {
        let bytes = [UInt8](try renderer.apng())
        let chunks = try APNGChunkReader(bytes)
        let pillow = try PillowAnimation(bytes: bytes, fileExtension: "png")
        let playback = Playback(frames: pillow.frames, delays: chunks.frames.map(\.delay))
        // Starts are exact at a whole frame rate; a tick is at most 10 µs otherwise.
        return try moments.map { time in
            guard let picture = playback.picture(at: time, unit: 2e-5) else { throw RowFailure(description: "the APNG has no frames") }
            return picture
        }
    }
}
