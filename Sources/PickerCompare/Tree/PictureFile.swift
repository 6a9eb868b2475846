import Glibc
import PickerKit
import PickerRender
import PickerWebP

/// A picture file of a compared tree, read once: its bytes, what kind of picture they are, and its declared size.
///
/// Compare asks everything of a pair from these bytes instead of opening each file again per question.
///
/// What goes wrong is left to the readers by path: `read` gives nil for a file it cannot hold (not a regular file,
/// beyond the largest PNG the limits allow, unreadable), and those readers then say why, in their own words.
struct PictureFile: Sendable {
    /// What the bytes are.
    enum Kind: Sendable, Equatable {
        /// A still PNG (or bytes that are not a picture at all: decoding says what is wrong).
        case png
        /// A PNG with an animation control chunk before its image data.
        case apng
        /// A RIFF WebP.
        case webp
    }

    /// The file, for messages.
    let path: String
    /// Every byte of the file.
    let bytes: [UInt8]
    /// What the bytes are.
    let kind: Kind

    /// The file at `path` read whole with one open, or nil when it is not a regular file within
    /// `PNGStructure.maximumFileBytes` or cannot be read as it was when looked at.
    static func read(_ path: String) -> PictureFile? {
        guard case .regularFile(let size) = FileKind.of(path), size <= PNGStructure.maximumFileBytes,
            let bytes = contents(path, size: size)
        else { return nil }
        return PictureFile(path: path, bytes: bytes)
    }

    /// The picture file of `bytes` read from `path`.
    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        if WebPAnimationDecoder.isWebP(bytes) {
            kind = .webp
        } else {
            kind = PNGChunkHeaders.isAnimated(bytes) ? .apng : .png
        }
    }

    /// True for an animation (APNG or WebP).
    var isAnimation: Bool { kind != .png }

    /// The size a still PNG's header declares, checked against the limits; throws as `PNGFile.read` would.
    func declaredPNGSize() throws(RenderError) -> (width: Int, height: Int) {
        try PNGStructure.declaredSize(Array(bytes.prefix(33)), path: path)
    }

    /// The still PNG's pixels; throws as `PNGFile.read` would for the same bytes.
    func decodedPNG() throws(RenderError) -> RGBAImage {
        try PNGFile.decodeWhole(bytes, path: path)
    }

    /// The bytes of the file at `path`, which `stat` found regular and `size` bytes long: one open, reads to its end,
    /// one close; nil when it cannot be read or no longer has that size.
    ///
    /// The path is one compare listed inside its tree (`CompareInput`, no link followed) or was given by the user.
    /// `O_NONBLOCK`: should a FIFO have taken the file's place since `stat`, opening it does not wait for a writer.
    static func contents(_ path: String, size: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // One byte more than expected, so that a file that grew is seen in the same read.
        var filled = 0
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while filled < buffer.count {
                let got = Glibc.read(descriptor, base + filled, buffer.count - filled)
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    failed = got < 0
                    break
                }
                filled += got
            }
            initialized = filled
        }
        return failed || bytes.count != size ? nil : bytes
    }
}
