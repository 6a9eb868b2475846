import AnimationTestSupport
import Foundation
import PickerReel

/// The Lottie document (`lottie()`) played by rlottie, an independent player (PyPI's rlottie-python), at each
/// moment's frame: Lottie frame k is the moment k / fps, as the PNG frame k.
struct LottieRow: FormatRow {
    let name = "Lottie (rlottie)"

    func tolerance(for renderer: Renderer) throws -> PictureTolerance {
        try PictureTolerance.rasterised(
            for: renderer, levels: 12, edgeShare: 0.5, strayShare: 0.004,
            reason:
                "rlottie fills Pango's glyph outlines with its own anti-aliasing where cairo draws the glyphs from its cache at "
                + "quarter-pixel positions; a label's two looks cross-fade one over the other (the frames add them), so ink both "
                + "looks share is up to a quarter lighter mid-fade; a shadow's blur is four rounded rectangles; colours are "
                + "rlottie's 8-bit rounding (measured on every frame: at most 190 px beyond 12 levels, mid-fade); emoji are "
                + "pictures at the frames' scale (left out)")
    }

    func pictures(of renderer: Renderer, at moments: [Double], workingIn folder: URL) throws -> [RGBAImage] {
        let fps = renderer.timeline.fps
        let last = renderer.timeline.frameCount - 1
        // A moment past the last frame (the late probe) is the last frame, which the animation holds.
        let frames = moments.map { min(last, Int(($0 * fps).rounded())) }
        let player = try RlottiePlayer(document: [UInt8](try renderer.lottie()), frameNumbers: frames)
        let (width, height) = renderer.pixelSize
        guard player.width == width, player.height == height else {
            throw RowFailure(description: "rlottie read a \(player.width) × \(player.height) canvas, not \(width) × \(height)")
        }
        return player.frames
    }
}
