import AnimationTestSupport
import Foundation
import PickerReel

/// The Lottie document (`lottie()`) played by rlottie, an independent player (PyPI's rlottie-python), at each
/// moment's frame: Lottie frame k is the moment k / fps, as the PNG frame k.
struct LottieRow: FormatRow {
    let name = "Lottie (rlottie)"

    func tolerance(for renderer: Renderer) throws -> PictureTolerance {
        // Labels with emoji are pictures, whose two looks cross-fade one over the other.
        let picturedLabels = renderer.spec.items.contains { item in
            let scalars = Array(item.displayedLabel.unicodeScalars)
            return scalars.indices.contains { index in
                scalars[index].properties.isEmojiPresentation
                    || (scalars[index].properties.isEmoji && index + 1 < scalars.count && scalars[index + 1].value == 0xFE0F)
            }
        }
        return try PictureTolerance.rasterised(
            for: renderer, levels: 12, edgeShare: 0.5, strayShare: picturedLabels ? 0.018 : 0.0015,
            reason:
                "rlottie fills Pango's glyph outlines with its own anti-aliasing where cairo draws the glyphs from its cache at "
                + "quarter-pixel positions; a shadow's blur is four rounded rectangles; colours are rlottie's 8-bit rounding "
                + "(measured on every frame of the fixtures: at most 14 px beyond 12 levels); a label with emoji is two "
                + "pictures cross-fading one over the other, where the frames add them, lighter mid-fade (550 px of 61,104); "
                + "the emoji glyphs' own boxes are left out")
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
