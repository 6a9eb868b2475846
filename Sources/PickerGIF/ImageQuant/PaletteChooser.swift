import CPickerImageQuant
import PickerKit

/// Gathers the colours of every distinct frame and chooses the one palette the whole GIF uses.
///
/// libimagequant's histogram gets every colour of every distinct frame with its weight (`FrameColorTally`), read
/// from the first frame and around the changed pixels after it; an exact colour count (bounded) sees the first
/// frame and the changed pixels once. With 255 opaque colours or fewer the palette is exactly those colours
/// (lossless); otherwise it is libimagequant's palette, whose spare slots (it stops once its quality target is
/// met) take the commonest exact colours. A transparent entry is added when any frame has transparent pixels.
struct PaletteChooser {
    let speed: Int
    private let attributes: QuantAttributes
    private let histogram: QuantHistogram
    private var counter = ColorCounter()
    private var tally = FrameColorTally()
    private var hasTransparency = false

    /// An empty chooser; `speed` is libimagequant's, 1 to 10.
    init(speed: Int) throws(GIFEncodingError) {
        self.speed = speed
        attributes = try QuantAttributes(maximumColors: 255, speed: speed)
        histogram = try QuantHistogram(attributes: attributes)
    }

    /// Adds a distinct frame (with binary alpha) that differs from `previous`, the frame before it, by `change`.
    ///
    /// Only the first frame and the changed pixels of later ones are read, so the cost per frame follows what
    /// moves rather than the canvas size.
    mutating func add(_ picture: RGBAImage, previous: RGBAImage?, change: FrameChange) {
        tally.add(picture, previous: previous, change: change)
        counter.add(picture, changed: previous == nil ? nil : change.changed, within: change.rect)
        // A transparent pixel of a later frame is a changed one, so only the changed rectangle is searched.
        let rect = change.rect
        for y in rect.y..<(rect.y + rect.height) where !hasTransparency {
            let start = (y * picture.width + rect.x) * 4 + 3
            hasTransparency = stride(from: start, to: start + rect.width * 4, by: 4).contains { picture.pixels[$0] == 0 }
        }
    }

    /// The palette for everything added, as a libimagequant result that remaps frames with `dithering`
    /// (0 to 1) and never changes its palette while doing so.
    func choose(dithering: Double) throws(GIFEncodingError) -> ChosenPalette {
        let transparent = liq_color(r: 0, g: 0, b: 0, a: 0)
        var palette: [liq_color]
        let exact = counter.allColors(limit: 255)
        if let exact {
            palette = exact.map(Self.opaque) + (hasTransparency ? [transparent] : [])
        } else {
            if hasTransparency { try histogram.addFixedColor(transparent) }
            try histogram.add(tally.totals)
            // libimagequant may return a transparent entry of its own beside the fixed one. The GIF maps every entry
            // under alpha 128 to its one transparent index, and the spare slots below fill the opaque colours up to
            // 255, so a second transparent entry would make 257 colours, more than a palette (and libimagequant)
            // can hold: only the first is kept.
            var transparentKept = false
            palette = try histogram.quantize().palette.filter { entry in
                guard entry.a < 128 else { return true }
                defer { transparentKept = true }
                return !transparentKept
            }
            let opaque = palette.filter { $0.a >= 128 }
            let present = Set(opaque.map { [$0.r, $0.g, $0.b] })
            let spare = 255 - opaque.count
            palette += counter.mostFrequent(spare) { present.contains([$0.red, $0.green, $0.blue]) }.map(Self.opaque)
        }
        let remapper = try QuantHistogram.fixedPalette(palette, speed: speed)
        try remapper.setDithering(Float(dithering))
        return ChosenPalette(remapper: remapper, holdsEveryColor: exact != nil)
    }

    private static func opaque(_ color: (red: UInt8, green: UInt8, blue: UInt8)) -> liq_color {
        liq_color(r: color.red, g: color.green, b: color.blue, a: 255)
    }
}
