import CPickerImageQuant
import PickerKit

/// Owns one `liq_image` and the RGBA pixels it reads from, which libimagequant borrows without copying.
///
/// The pixels are released after the image, in `deinit`, so the borrow can never outlive them.
final class QuantImage {
    let pointer: OpaquePointer
    let pixels: UnsafeMutableBufferPointer<UInt8>

    /// A libimagequant image holding a copy of `image`'s pixels.
    init(_ image: RGBAImage, attributes: QuantAttributes) throws(GIFEncodingError) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: image.pixels.count)
        _ = copy.initialize(from: image.pixels)
        guard let base = copy.baseAddress,
            let created = liq_image_create_rgba(attributes.pointer, base, Int32(image.width), Int32(image.height), 0)
        else {
            copy.deallocate()
            throw .imageQuant(operation: "take a \(image.width) × \(image.height) image", detail: "the image was refused")
        }
        pointer = created
        pixels = copy
    }

    deinit {
        liq_image_destroy(pointer)
        pixels.deallocate()
    }
}
