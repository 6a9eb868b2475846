import Foundation
import PickerReel

/// Where cairo's SVG surface put colour glyphs (emoji) as bitmaps, in pixels of the renderer's pictures.
///
/// cairo 1.16 writes a colour glyph into SVG as a picture at 1 pixel a point, placed on whole points, which a
/// rasteriser scales up (a blurred emoji, up to half a point off) where the PNG draws the font's bitmap at the
/// picture's scale and exact position: the SVG formats' known loss for emoji, which the rasterised comparison leaves
/// out. They are found in the animated SVG, which holds every label's look: each `<use>` of an `<image>` with a
/// translation and no scale (shadow masks are scaled; icons are vectors), outset by a point for the rounding.
enum ColourGlyphBoxes {
    static func boxes(of renderer: Renderer) throws -> [PixelBox] {
        let svg = String(decoding: try renderer.animatedSVG(), as: UTF8.self)
        var sizes: [String: (Double, Double)] = [:]
        for match in matches(##"<image id="([^"]+)" width="([0-9.]+)" height="([0-9.]+)""##, in: svg) {
            if let width = Double(match[2]), let height = Double(match[3]) { sizes[match[1]] = (width, height) }
        }
        let scale = renderer.spec.output.scale
        return matches(##"<use xlink:href="#([^"]+)" transform="matrix\(1,0,0,1,([-0-9.]+),([-0-9.]+)\)"/>"##, in: svg).compactMap {
            match in
            guard let (width, height) = sizes[match[1]], let x = Double(match[2]), let y = Double(match[3]) else { return nil }
            return PixelBox(
                left: Int(((x - 1) * scale).rounded(.down)), top: Int(((y - 1) * scale).rounded(.down)),
                right: Int(((x + width + 1) * scale).rounded(.up)), bottom: Int(((y + height + 1) * scale).rounded(.up)))
        }
    }

    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { result in
            (0..<result.numberOfRanges).map { index in Range(result.range(at: index), in: text).map { String(text[$0]) } ?? "" }
        }
    }
}

/// A rectangle of pixels, right and bottom exclusive.
struct PixelBox: Sendable, Equatable {
    let left: Int
    let top: Int
    let right: Int
    let bottom: Int

    func contains(x: Int, y: Int) -> Bool { x >= left && x < right && y >= top && y < bottom }
}
