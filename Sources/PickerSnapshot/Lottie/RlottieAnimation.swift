import CPickerRlottie
import PickerKit
import PickerRender
import PickerSystem

/// One Lottie document loaded by rlottie, a player independent of PickerReel's writer, destroyed once; it draws its
/// frames as straight RGBA pictures for the comparison.
///
/// One owner per C object and one thread: made, played and dropped inside one snapshot check.
final class RlottieAnimation {
    /// Why rlottie could not play a document.
    enum Failure: Error, Equatable {
        /// librlottie could not be opened: dlerror's text.
        case unavailable(String)
        /// rlottie refused the document (not a Lottie it plays).
        case rejected
    }

    private let pointer: OpaquePointer
    private let library: picker_rlottie
    /// The canvas rlottie read, in pixels.
    let width: Int
    let height: Int
    /// The frames it plays (out point − in point) and their rate.
    let frameCount: Int
    let frameRate: Double

    /// librlottie's functions, opened on first use and kept for the life of the process.
    private static let loaded = FunctionTable<picker_rlottie>.load { picker_rlottie_load($0, $1, $2) }

    /// Loads `document` (JSON text without a NUL byte, its images embedded: the caller checks both).
    ///
    /// Throws `Failure.unavailable` when librlottie is not installed, `.rejected` when rlottie does not load it.
    init(document: [UInt8]) throws(Failure) {
        switch Self.loaded {
        case .success(let table): library = table.pointer.pointee
        case .failure(let failure): throw .unavailable(failure.reason)
        }
        // rlottie caches the documents it loaded under their key and returns the cached one for a key it has seen:
        // the document's digest as the key, so two different documents are never taken for each other.
        let key = SHA256Digest.hex(document)
        let text = document + [0]
        let library = self.library
        let loaded = text.withUnsafeBufferPointer { bytes -> OpaquePointer? in
            bytes.withMemoryRebound(to: CChar.self) { characters -> OpaquePointer? in
                guard let base = characters.baseAddress else { return nil }
                // No resource folder: the caller refuses images that are not embedded, so rlottie opens no file.
                return library.lottie_animation_from_data(base, key, "")
            }
        }
        guard let loaded else { throw .rejected }
        pointer = loaded
        var width = 0
        var height = 0
        library.lottie_animation_get_size(loaded, &width, &height)
        self.width = width
        self.height = height
        frameCount = library.lottie_animation_get_totalframe(loaded)
        frameRate = library.lottie_animation_get_framerate(loaded)
    }

    deinit {
        library.lottie_animation_destroy(pointer)
    }

    /// Frame `index` (from the in point) drawn at `width` × `height` pixels, as straight RGBA.
    func frame(_ index: Int, width: Int, height: Int) -> RGBAImage {
        var argb = [UInt32](repeating: 0, count: width * height)
        argb.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            library.lottie_animation_render(pointer, index, base, width, height, width * 4)
        }
        // rlottie draws premultiplied ARGB32 words, as cairo does: straightened with the rounding the PNG writer uses.
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for (index, word) in argb.enumerated() {
            let alpha = word >> 24
            guard alpha != 0 else { continue }
            var red = (word >> 16) & 0xFF
            var green = (word >> 8) & 0xFF
            var blue = word & 0xFF
            if alpha != 255 {
                red = Unpremultiply.channel(red, alpha: alpha)
                green = Unpremultiply.channel(green, alpha: alpha)
                blue = Unpremultiply.channel(blue, alpha: alpha)
            }
            pixels[index * 4] = UInt8(red)
            pixels[index * 4 + 1] = UInt8(green)
            pixels[index * 4 + 2] = UInt8(blue)
            pixels[index * 4 + 3] = UInt8(alpha)
        }
        // The count is width × height × 4 by construction, so the checked initializer cannot fail here.
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: width, height: height)
    }
}
