import CPickerGIF

/// Owns one giflib encoder writing to memory, so nothing touches the disk until the caller has the whole file.
///
/// Call `putScreen`, optionally `putLoop`, then `putFrame` for each frame, then `finish`. A writer abandoned
/// halfway (after an error) is closed and freed in `deinit`.
final class GIFWriter {
    /// Collects what giflib writes.
    final class Sink {
        var bytes: [UInt8] = []
    }

    /// The C callback giflib calls with each chunk; `UserData` is an unretained `Sink`.
    static let write: OutputFunc = { file, data, length in
        guard let file, let data, length >= 0, let user = file.pointee.UserData else { return 0 }
        let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return length
    }

    let file: UnsafeMutablePointer<GifFileType>
    let sink = Sink()
    var isClosed = false

    /// An encoder writing GIF89a.
    init() throws(GIFEncodingError) {
        var error: Int32 = 0
        guard let file = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), Self.write, &error) else {
            throw .giflib(operation: "start a GIF", detail: describeGiflib(error))
        }
        self.file = file
        EGifSetGifVersion(file, true)
    }

    deinit {
        if !isClosed {
            var error: Int32 = 0
            _ = EGifCloseFile(file, &error)
        }
    }

    /// Writes the header: the canvas size, the global palette, and the background index.
    ///
    /// Browsers clear to transparent on disposal; the few viewers that paint the background colour instead get
    /// the transparent entry too when `backgroundIndex` is it.
    func putScreen(width: Int, height: Int, colorMap: GIFColorMap, backgroundIndex: UInt8) throws(GIFEncodingError) {
        let bits = colorMap.pointer.pointee.BitsPerPixel
        try checkGiflib(
            EGifPutScreenDesc(file, Int32(width), Int32(height), bits, Int32(backgroundIndex), colorMap.pointer), file,
            "write the \(width) × \(height) screen descriptor")
    }

    /// Writes the NETSCAPE2.0 extension: `repetitions` more plays after the first, 0 for forever.
    func putLoop(repetitions: Int) throws(GIFEncodingError) {
        let count = UInt16(clamping: repetitions)
        let identifier = Array("NETSCAPE2.0".utf8)
        let loop: [UInt8] = [1, UInt8(count & 0xFF), UInt8(count >> 8)]
        try checkGiflib(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE), file, "start the loop extension")
        try checkGiflib(EGifPutExtensionBlock(file, Int32(identifier.count), identifier), file, "write the loop extension")
        try checkGiflib(EGifPutExtensionBlock(file, Int32(loop.count), loop), file, "write the loop count")
        try checkGiflib(EGifPutExtensionTrailer(file), file, "end the loop extension")
    }

    /// Writes one frame: its graphics control block (delay, disposal, transparent index), then its rect of palette
    /// indices, row by row.
    func putFrame(_ frame: DeltaFrame, canvasWidth: Int, transparentIndex: UInt8) throws(GIFEncodingError) {
        var control = GraphicsControlBlock(
            DisposalMode: frame.clearsAfterwards ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, UserInputFlag: false,
            DelayTime: Int32(frame.delay), TransparentColor: Int32(transparentIndex))
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try checkGiflib(
            EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), file,
            "write a frame's delay and transparency")
        let rect = frame.rect
        try checkGiflib(
            EGifPutImageDesc(file, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, nil), file,
            "start a \(rect.width) × \(rect.height) frame")
        var row = [GifPixelType](repeating: 0, count: rect.width)
        for y in rect.y..<(rect.y + rect.height) {
            let start = y * canvasWidth + rect.x
            for x in 0..<rect.width { row[x] = frame.index(at: start + x, transparentIndex: transparentIndex) }
            // giflib masks the line in place, so it gets a scratch copy.
            try checkGiflib(EGifPutLine(file, &row, Int32(rect.width)), file, "compress a frame")
        }
    }

    /// Writes the trailer, frees the encoder, and returns the file's bytes.
    func finish() throws(GIFEncodingError) -> [UInt8] {
        isClosed = true
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else {
            throw .giflib(operation: "finish the GIF", detail: describeGiflib(error))
        }
        return sink.bytes
    }
}
