import CPickerImageQuant
import PickerKit

/// Owns one `liq_image` and the RGBA pixels it reads from, which libimagequant borrows without copying.
///
/// The pixels are released after the image, in `deinit`, so the borrow can never outlive them.
final class QuantImage {
    let pointer: OpaquePointer
    let pixels: UnsafeMutableBufferPointer<UInt8>
    /// The part of the source picture it holds.
    let rect: PixelRect

    /// A libimagequant image holding a copy of the pixels of `image` inside `rect`, which must lie within it and
    /// hold at least one pixel.
    init(_ image: RGBAImage, croppedTo rect: PixelRect, attributes: QuantAttributes) throws(GIFEncodingError) {
        guard !rect.isEmpty, rect.x >= 0, rect.y >= 0, rect.x + rect.width <= image.width, rect.y + rect.height <= image.height
        else {
            throw .imageQuant(
                operation: "take part of a \(image.width) × \(image.height) image", detail: "the rectangle \(rect) is outside it")
        }
        let rowBytes = rect.width * 4
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rowBytes * rect.height)
        image.pixels.withUnsafeBufferPointer { source in
            for row in 0..<rect.height {
                let start = ((rect.y + row) * image.width + rect.x) * 4
                _ = copy[(row * rowBytes)..<((row + 1) * rowBytes)].initialize(from: source[start..<(start + rowBytes)])
            }
        }
        guard let base = copy.baseAddress,
            let created = liq_image_create_rgba(attributes.pointer, base, Int32(rect.width), Int32(rect.height), 0)
        else {
            copy.deallocate()
            throw .imageQuant(operation: "take a \(rect.width) × \(rect.height) image", detail: "the image was refused")
        }
        pointer = created
        pixels = copy
        self.rect = rect
    }

    deinit {
        liq_image_destroy(pointer)
        pixels.deallocate()
    }
}
