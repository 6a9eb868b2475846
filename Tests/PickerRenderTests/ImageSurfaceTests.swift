import CPickerCairo
import PickerKit
import Testing

@testable import PickerRender

@Suite("Image surface")
struct ImageSurfaceTests {
    /// The plain per-byte un-premultiplication the fast path replaces, written as cairo's PNG writer does it.
    func reference(_ argb: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
        let alpha = argb >> 24
        var red = (argb >> 16) & 0xFF
        var green = (argb >> 8) & 0xFF
        var blue = argb & 0xFF
        if alpha != 0 && alpha != 255 {
            red = min((red * 255 + alpha / 2) / alpha, 255)
            green = min((green * 255 + alpha / 2) / alpha, 255)
            blue = min((blue * 255 + alpha / 2) / alpha, 255)
        }
        return (UInt8(red), UInt8(green), UInt8(blue), UInt8(alpha))
    }

    @Test func rgbaImageUnpremultipliesEveryPixelAsCairosPNGWriterDoes() throws {
        let surface = try ImageSurface(width: 61, height: 37)
        cairo_surface_flush(surface.pointer)
        let data = try #require(cairo_image_surface_get_data(surface.pointer))
        var state: UInt32 = 12_345
        var written: [UInt32] = []
        for y in 0..<37 {
            let row = UnsafeMutableRawPointer(data + y * surface.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<61 {
                state = state &* 1_664_525 &+ 1_013_904_223
                // Rows of opaque pixels, rows of translucent ones, and mixed rows, all premultiplied.
                let alpha: UInt32 = y % 3 == 0 ? 255 : (y % 3 == 1 ? (state >> 24) : ((x % 2 == 0) ? 255 : 0))
                let channel = { (shift: UInt32) in ((state >> shift) & 0xFF) * alpha / 255 }
                let argb = alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
                row[x] = argb
                written.append(argb)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        let image = surface.rgbaImage()
        for (index, argb) in written.enumerated() {
            let pixel = image.pixel(x: index % 61, y: index / 61)
            let expected = reference(argb)
            #expect(pixel == expected, "pixel \(index % 61), \(index / 61)")
        }
    }
}
