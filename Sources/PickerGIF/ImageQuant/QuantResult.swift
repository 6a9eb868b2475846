import CPickerImageQuant

/// Owns one `liq_result`: a chosen palette, which remaps images to palette indices with dithering.
final class QuantResult {
    let pointer: OpaquePointer
    /// The settings images remapped by this result are created with.
    let attributes: QuantAttributes

    /// Takes ownership of `pointer`, made with `attributes`.
    init(pointer: OpaquePointer, attributes: QuantAttributes) {
        self.pointer = pointer
        self.attributes = attributes
    }

    deinit {
        liq_result_destroy(pointer)
    }

    /// Sets the error diffusion strength for later remaps: 0 none, 1 full Floyd–Steinberg.
    func setDithering(_ level: Float) throws(GIFEncodingError) {
        try checkQuant(liq_set_dithering_level(pointer, level), "set dithering to \(level)")
    }

    /// The palette, in index order; read after the first remap, since libimagequant may refine it then.
    var palette: [liq_color] {
        guard let palette = liq_get_palette(pointer) else { return [] }
        let count = min(Int(palette.pointee.count), 256)
        return withUnsafeBytes(of: palette.pointee.entries) { raw in
            Array(raw.bindMemory(to: liq_color.self).prefix(count))
        }
    }

    /// The palette index of every pixel of `image`, row by row.
    func remap(_ image: QuantImage, pixelCount: Int) throws(GIFEncodingError) -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: pixelCount)
        let status = indices.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return LIQ_BUFFER_TOO_SMALL }
            return liq_write_remapped_image(pointer, image.pointer, base, buffer.count)
        }
        try checkQuant(status, "map a frame to the palette")
        return indices
    }
}
