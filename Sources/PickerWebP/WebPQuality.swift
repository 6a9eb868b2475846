/// Whether an animated WebP keeps every pixel or trades exactness for size.
package enum WebPQuality: Equatable, Hashable, Sendable {
    /// VP8L: every pixel's colour and alpha exactly as given (the colour of a fully transparent pixel, which
    /// cannot be seen, is not kept). Crisp text; the default.
    case lossless
    /// VP8 at a quality from 0 (smallest) to 100 (best): colours are stored as 4:2:0 YUV, which softens thin
    /// coloured edges; alpha stays lossless.
    case lossy(Int)
}
