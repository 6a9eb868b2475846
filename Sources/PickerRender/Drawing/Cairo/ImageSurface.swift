import CPickerCairo
import PickerKit

/// Owns one cairo ARGB32 image surface (premultiplied alpha, native-endian 32-bit pixels) and releases it.
///
/// Not thread-safe: keep each surface on the thread that uses it.
package final class ImageSurface {
    /// The cairo surface; valid for the object's lifetime.
    let pointer: OpaquePointer
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int

    /// A transparent surface of the given size.
    ///
    /// Throws `RenderError.tooLarge` beyond the frame limits, and a cairo error if memory runs out.
    package init(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width <= SpecLimits.maximumPixelsPerSide, height <= SpecLimits.maximumPixelsPerSide,
            width * height <= SpecLimits.maximumPixelsPerFrame
        else { throw RenderError.tooLarge(width: width, height: height) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderError.cairo(operation: "create a \(width) × \(height) image", detail: "no surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            try checkCairo(status, "create a \(width) × \(height) image")
            throw RenderError.cairo(operation: "create an image", detail: "unknown failure")
        }
        pointer = surface
        self.width = width
        self.height = height
    }

    /// Decodes a PNG from memory; `path` names it in errors.
    ///
    /// The structure is checked first (`PNGStructure`): a picture beyond the pixel limits throws
    /// `RenderError.tooLarge` before anything is decoded, and a damaged chunk `RenderError.notPNG` saying which.
    package init(pngBytes: [UInt8], path: String) throws(RenderError) {
        let structure = try PNGStructure(checking: pngBytes, path: path)
        // cairo reports every libpng failure as "out of memory", so whether the pixels' memory can be had at all is
        // asked first: a picture too large for the memory left is then said to be so, not to be damaged.
        let probe = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(structure.width), Int32(structure.height))
        let probed = probe.map { cairo_surface_status($0) } ?? CAIRO_STATUS_NO_MEMORY
        if let probe { cairo_surface_destroy(probe) }
        guard probed == CAIRO_STATUS_SUCCESS else {
            throw RenderError.notPNG(
                path: path, detail: "its \(structure.width) × \(structure.height) px are too large to decode in the memory left")
        }
        let source = ByteSource(pngBytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(ByteSource.read, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface else { throw RenderError.notPNG(path: path, detail: "no surface") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            // The chunks are whole and their CRCs right, so what failed is the compressed pixel data; cairo reports
            // libpng's errors as "out of memory", which would mislead.
            let detail =
                status == CAIRO_STATUS_NO_MEMORY || status == CAIRO_STATUS_READ_ERROR
                ? "its pixel data cannot be decoded (damaged compressed data, or rows of the wrong length)"
                : cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
            throw RenderError.notPNG(path: path, detail: detail)
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        guard width == structure.width, height == structure.height else {
            cairo_surface_destroy(surface)
            throw RenderError.notPNG(path: path, detail: "decoded as \(width) × \(height) px, not the header's size")
        }
        // cairo hands back RGB24 or A8 surfaces for some PNGs; normalise to ARGB32 by painting onto a new one.
        if cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32 {
            defer { cairo_surface_destroy(surface) }
            guard width > 0, height > 0, let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
                cairo_surface_status(converted) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(converted)
            else { throw RenderError.notPNG(path: path, detail: "cannot convert its pixel format") }
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_destroy(cr)
            pointer = converted
        } else {
            pointer = surface
        }
        self.width = width
        self.height = height
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// Bytes from one row to the next.
    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// The surface encoded as PNG by cairo's own writer (libpng, zlib's default level).
    ///
    /// Output goes through `PNGEncoder`; this stays as the independent encoder the tests check it against.
    func cairoPNGBytes() throws(RenderError) -> [UInt8] {
        cairo_surface_flush(pointer)
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(pointer, ByteSink.write, Unmanaged.passUnretained(sink).toOpaque())
        }
        try checkCairo(status, "encode a PNG")
        return sink.bytes
    }

    /// The pixels as straight-alpha RGBA bytes.
    package func rgbaImage() -> RGBAImage {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { return RGBAImage(width: width, height: height) }
        let rowBytes = stride
        let (width, height) = (self.width, self.height)
        let count = width * height * 4
        // Written straight into the array's storage, a 32-bit word per pixel: this runs for every frame a GIF
        // or a comparison reads, so it avoids the per-byte stores and bounds checks of a plain loop.
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else {
                initialized = 0
                return
            }
            // Seen as 32-bit words only inside this scope, so the array's bytes stay bytes outside it.
            base.withMemoryRebound(to: UInt32.self, capacity: width * height) { output in
                for y in 0..<height {
                    let row = UnsafeRawPointer(data + y * rowBytes).assumingMemoryBound(to: UInt32.self)
                    let outputRow = output + y * width
                    // First every pixel as if opaque or empty (swap red and blue, which the compiler vectorises),
                    // noting whether the row has any translucent pixel.
                    var translucent: UInt32 = 0
                    for x in 0..<width {
                        let argb = row[x]
                        let swapped = (argb & 0xFF00_FF00) | ((argb >> 16) & 0xFF) | ((argb & 0xFF) << 16)
                        outputRow[x] = swapped.littleEndian
                        let alpha = argb >> 24
                        translucent |= (alpha &+ 1) & 0xFE
                    }
                    guard translucent != 0 else { continue }
                    for x in 0..<width {
                        let argb = row[x]
                        let alpha = argb >> 24
                        guard alpha != 0 && alpha != 255 else { continue }
                        let red = Unpremultiply.channel((argb >> 16) & 0xFF, alpha: alpha)
                        let green = Unpremultiply.channel((argb >> 8) & 0xFF, alpha: alpha)
                        let blue = Unpremultiply.channel(argb & 0xFF, alpha: alpha)
                        outputRow[x] = (red | green << 8 | blue << 16 | alpha << 24).littleEndian
                    }
                }
            }
            initialized = count
        }
        // The count is width × height × 4 by construction, so the checked initializer cannot fail here.
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: width, height: height)
    }
}
