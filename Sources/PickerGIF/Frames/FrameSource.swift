import PickerKit

/// The caller's frame provider, checked: every frame the size of the first, with GIF's one-bit alpha applied
/// (by threshold, or over the matte).
struct FrameSource {
    let provider: (Int) throws -> RGBAImage
    /// The matte as bytes, or nil to threshold alpha at 128.
    let matte: (UInt8, UInt8, UInt8)?
    private(set) var width = 0
    private(set) var height = 0

    init(_ provider: @escaping (Int) throws -> RGBAImage, matte: RGBAColor?) {
        self.provider = provider
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        self.matte = matte.map { (byte($0.red), byte($0.green), byte($0.blue)) }
    }

    /// Frame `index`, ready to quantize.
    ///
    /// The first call fixes the canvas size.
    ///
    /// Rethrows the provider's errors; throws `GIFEncodingError` for a frame of another size, or a first frame too
    /// large for a GIF.
    mutating func frame(_ index: Int) throws -> RGBAImage {
        let image = try provider(index)
        if width == 0 {
            guard image.width <= 65_535, image.height <= 65_535 else {
                throw GIFEncodingError.tooLarge(width: image.width, height: image.height)
            }
            width = image.width
            height = image.height
        }
        do { try image.check(frame: index, width: width, height: height) } catch { throw GIFEncodingError.frameSize(error) }
        return image.withBinaryAlpha(matte: matte)
    }
}
