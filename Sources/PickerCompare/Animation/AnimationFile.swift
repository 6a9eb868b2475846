import PickerKit
import PickerRender
import PickerWebP

/// A file `compare` reads as an animation: an animated PNG (APNG) or a WebP, whatever its name's extension.
enum AnimationFile {
    /// True when the regular file at `path` is an APNG or a WebP, judged from its first bytes and chunk headers.
    ///
    /// Throws `CompareError.unreadable` when it cannot be opened.
    static func isAnimation(_ path: String) throws(CompareError) -> Bool {
        guard case .regularFile = FileKind.of(path) else { return false }
        do {
            if WebPAnimationDecoder.isWebP(try PNGFile.head(path, count: 12)) { return true }
            return try PNGFile.isAnimated(path)
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
    }

    /// The pictures of the APNG or WebP at `path`, each as shown, with their delays.
    ///
    /// Throws `CompareError` when the file cannot be read, is larger than the limits allow, or is neither a
    /// well-formed APNG nor a WebP libwebpdemux can decode.
    static func read(_ path: String) throws(CompareError) -> DecodedAnimation {
        let bytes: [UInt8]
        do {
            bytes = try PNGFile.whole(path)
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
        if WebPAnimationDecoder.isWebP(bytes) {
            do {
                return try WebPAnimationDecoder.decode(bytes, path: path)
            } catch {
                throw CompareError(.notAnimation(path: path, detail: error.detail))
            }
        }
        do {
            return try APNGDecoder.decode(bytes, path: path)
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
    }

    /// The canvas size of the APNG or WebP at `path`, for a file on one side only.
    static func size(_ path: String) throws(CompareError) -> ImageSize {
        do {
            if !WebPAnimationDecoder.isWebP(try PNGFile.head(path, count: 12)) {
                let size = try PNGFile.declaredSize(ofFile: path)
                return ImageSize(width: size.width, height: size.height)
            }
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
        let animation = try read(path)
        return ImageSize(width: animation.width, height: animation.height)
    }
}
