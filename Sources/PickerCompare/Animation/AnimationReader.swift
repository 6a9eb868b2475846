import PickerKit
import PickerRender
import PickerWebP

/// An animation `compare` reads picture by picture: an APNG, a WebP, or a folder of PNG frames.
///
/// A folder's frames play at an animation's rate. Its size, delays and loop count come from headers (a folder's from its frames, read one at a
/// time); its pictures are decoded only when asked for, in order, so a comparison holds one picture of each side and
/// its decoder's canvases, never every frame.
///
/// A reader holds C objects and a decoder's state: it stays on the thread that made it.
final class AnimationReader {
    /// The file (or folder) read, for messages.
    let path: String
    /// The canvas width in pixels.
    let width: Int
    /// The canvas height in pixels.
    let height: Int
    /// How long each picture is shown, in seconds; never empty.
    let delays: [Double]
    /// How many times the animation plays; 0 for forever.
    let loopCount: Int
    /// The bytes the reader holds besides its pictures: the file's bytes, or nothing for a folder.
    let heldBytes: Int
    /// The bytes a picture of the canvas takes a pixel while it is read, at most (`ComparisonMemory`).
    let bytesPerPixel: Int

    private enum Source {
        case apng(APNGFrameReader)
        case webp(WebPFrameReader)
        /// A folder's frames: the file of each picture.
        case frames([String])
    }

    private var source: Source
    private var current: (index: Int, picture: RGBAImage)?
    /// How many pictures were decoded so far.
    private var produced = 0

    private init(
        path: String, size: (width: Int, height: Int), delays: [Double], loopCount: Int, heldBytes: Int, bytesPerPixel: Int,
        source: Source
    ) {
        self.path = path
        (width, height) = size
        self.delays = delays
        self.loopCount = loopCount
        self.heldBytes = heldBytes
        self.bytesPerPixel = bytesPerPixel
        self.source = source
    }

    /// Opens the APNG or WebP at `path`, reading its headers and no picture.
    ///
    /// Throws `CompareError` when the file cannot be read, is larger than the limits allow, or is neither a
    /// well-formed APNG nor a WebP libwebpdemux can parse.
    static func open(_ path: String) throws(CompareError) -> AnimationReader {
        let bytes: [UInt8]
        do {
            bytes = try PNGFile.whole(path)
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
        return try open(bytes, path: path)
    }

    /// Opens the APNG or WebP `file` already read, from its bytes; throws as `open(_:)` does.
    static func open(_ file: PictureFile) throws(CompareError) -> AnimationReader {
        try open(file.bytes, path: file.path)
    }

    /// Opens the APNG or WebP `bytes` read from `path`, reading its headers and no picture; one of more pictures
    /// than a render writes (`SpecLimits.maximumFrames`) is refused, so a committed golden cannot make a comparison
    /// as long as it likes.
    private static func open(_ bytes: [UInt8], path: String) throws(CompareError) -> AnimationReader {
        let reader = try openHeaders(bytes, path: path)
        guard reader.delays.count <= SpecLimits.maximumFrames else {
            throw CompareError(
                .refused(
                    path: path,
                    message:
                        "\(path): it holds \(reader.delays.count) pictures, more than the \(SpecLimits.maximumFrames) frames a render writes; an animated golden is a render of a spec, so render it again"
                ))
        }
        return reader
    }

    /// The reader of the APNG or WebP `bytes` read from `path`, from its headers.
    private static func openHeaders(_ bytes: [UInt8], path: String) throws(CompareError) -> AnimationReader {
        if WebPAnimationDecoder.isWebP(bytes) {
            do {
                let reader = try WebPFrameReader(bytes, path: path)
                return AnimationReader(
                    path: path, size: (reader.width, reader.height), delays: reader.delays, loopCount: reader.loopCount,
                    heldBytes: bytes.count, bytesPerPixel: ComparisonMemory.webPBytesPerPixel, source: .webp(reader))
            } catch {
                throw CompareError(.notAnimation(path: path, detail: error.detail))
            }
        }
        do {
            let reader = try APNGFrameReader(bytes, path: path)
            return AnimationReader(
                path: path, size: (reader.width, reader.height), delays: reader.delays, loopCount: reader.loopCount,
                heldBytes: bytes.count * 2, bytesPerPixel: ComparisonMemory.apngBytesPerPixel, source: .apng(reader))
        } catch {
            throw CompareError(.unreadable(path: path, error: error))
        }
    }

    /// The frames `frame-0000.png`, … of `folder` (`names`, by index) played as an animation; nil for none.
    ///
    /// They play at `timing`'s rate, for `length` and `loopCount`: frame k at k / fps, from the length on the picture it settles on; consecutive equal frames are one
    /// hold, as encoders store them. Each frame is read once here, two at a time, to find the holds.
    static func frames(
        in folder: String, names: [(index: Int, name: String)], like timing: PlaybackTiming, length: Double, loopCount: Int
    ) throws(CompareError) -> AnimationReader? {
        var files: [String] = []
        var starts: [Double] = []
        var last: RGBAImage?
        var size: (width: Int, height: Int)?
        for frame in names {
            let file = FilePath.join(folder, frame.name)
            let picture = try FolderComparison.read(file)
            let start = min(Double(frame.index) / max(timing.fps, 1), length)
            if last == picture { continue }
            size = size ?? (picture.width, picture.height)
            last = picture
            if let previous = starts.last, start - previous <= PlaybackTiming.timeTolerance {
                files[files.count - 1] = file
                continue
            }
            files.append(file)
            starts.append(start)
        }
        guard let size else { return nil }
        let ends = Array(starts.dropFirst()) + [max(length, starts.last ?? 0)]
        return AnimationReader(
            path: folder, size: size, delays: zip(starts, ends).map { $1 - $0 }, loopCount: loopCount, heldBytes: 0,
            bytesPerPixel: ComparisonMemory.stillBytesPerPixel, source: .frames(files))
    }

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

    /// A reader of the same animation from its first picture, to read it again (for the diff pictures).
    ///
    /// Throws as `open` does, and when the file no longer has the canvas and pictures it had.
    func restarted() throws(CompareError) -> AnimationReader {
        switch source {
        case .frames(let files):
            return AnimationReader(
                path: path, size: (width, height), delays: delays, loopCount: loopCount, heldBytes: heldBytes,
                bytesPerPixel: bytesPerPixel, source: .frames(files))
        case .apng, .webp:
            let again = try Self.open(path)
            guard again.width == width, again.height == height, again.delays.count == delays.count else {
                throw CompareError(.notAnimation(path: path, detail: "it changed while it was being compared"))
            }
            return again
        }
    }

    /// The size the APNG or WebP at `path` declares, from its headers; throws as `open` does.
    static func size(_ path: String) throws(CompareError) -> ImageSize {
        let reader = try open(path)
        return ImageSize(width: reader.width, height: reader.height)
    }

    /// When each picture appears, in seconds from the start.
    var starts: [Double] {
        var time = 0.0
        return delays.map { delay in
            defer { time += delay }
            return time
        }
    }

    /// How long one play lasts, in seconds: the sum of the delays.
    var length: Double { delays.reduce(0, +) }

    /// How it plays, in a user's terms.
    var timing: PlaybackTiming { PlaybackTiming(delays: delays, loopCount: loopCount) }

    /// Picture `index` as shown; pictures are asked for in order (the same one again, or a later one).
    ///
    /// Throws `CompareError` when a frame cannot be decoded, or for an index before one already read.
    func picture(_ index: Int) throws(CompareError) -> RGBAImage {
        if let current, current.index == index { return current.picture }
        guard index >= produced, index < delays.count else {
            throw CompareError(.unreadable(path: path, error: .invalidOption("picture \(index) was asked for out of order")))
        }
        // Let go of the picture held, so a decoder that draws on its canvas need not copy it.
        current = nil
        var picture: RGBAImage?
        while produced <= index {
            picture = nil
            picture = try next()
            produced += 1
        }
        guard let picture else {
            throw CompareError(.notAnimation(path: path, detail: "it ends before picture \(index)"))
        }
        current = (index, picture)
        return picture
    }

    private func next() throws(CompareError) -> RGBAImage? {
        switch source {
        case .apng(var reader):
            // Taken out while it decodes, so the canvas it holds is not copied.
            source = .frames([])
            defer { source = .apng(reader) }
            do {
                return try reader.next()
            } catch {
                throw CompareError(.unreadable(path: path, error: error))
            }
        case .webp(let reader):
            do {
                return try reader.next()
            } catch {
                throw CompareError(.notAnimation(path: path, detail: error.detail))
            }
        case .frames(let files):
            guard produced < files.count else { return nil }
            return try FolderComparison.read(files[produced])
        }
    }
}
