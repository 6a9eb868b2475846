import CPickerWebP
import PickerKit

/// Reads an animated (or still) WebP picture by picture with libwebpdemux: its canvas size, frame count and
/// durations from the headers alone (`WebPDemux`, which allocates no picture), then each picture as it is shown
/// (`WebPAnimDecoder`, which applies each frame's dispose and blend) only when asked for, so a comparison holds the
/// decoder's two canvases and one picture, never every frame.
///
/// A reader owns C objects and a copy of the file's bytes (libwebpdemux keeps pointers into them): it stays on the
/// thread that made it.
package final class WebPFrameReader {
    /// The canvas width in pixels.
    package let width: Int
    /// The canvas height in pixels.
    package let height: Int
    /// How long each picture is shown, in seconds (whole milliseconds); as many as there are pictures.
    package let delays: [Double]
    /// How many times the animation plays; 0 for forever.
    package let loopCount: Int

    private let path: String
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private var decoder: OpaquePointer?
    private var produced = 0

    /// Reads the headers of the WebP in `bytes`; `path` names the file in errors.
    ///
    /// Throws `WebPDecodingError` when libwebpdemux cannot parse the bytes, and for a canvas beyond the picture
    /// limits or more frames than `DecodedAnimation.maximumPixels`.
    package init(_ bytes: [UInt8], path: String) throws(WebPDecodingError) {
        func fail(_ detail: String) -> WebPDecodingError { WebPDecodingError(path: path, detail: detail) }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = copy.initialize(from: bytes)
        var data = WebPData(bytes: UnsafePointer(copy.baseAddress), size: bytes.count)
        guard let demuxer = WebPDemux(&data) else {
            copy.deallocate()
            throw fail("libwebpdemux cannot parse it: not a WebP, or damaged")
        }
        defer { WebPDemuxDelete(demuxer) }
        let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
        let height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
        let count = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
        guard width > 0, height > 0, width <= SpecLimits.maximumPixelsPerSide, height <= SpecLimits.maximumPixelsPerSide,
            count <= DecodedAnimation.maximumPixels / (width * height)
        else {
            copy.deallocate()
            throw fail("\(count) frames of \(width) × \(height) px are beyond the picture limits")
        }
        var delays: [Double] = []
        var iterator = WebPIterator()
        if WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 {
            repeat { delays.append(Double(iterator.duration) / 1000) } while WebPDemuxNextFrame(&iterator) != 0
            WebPDemuxReleaseIterator(&iterator)
        }
        guard !delays.isEmpty else {
            copy.deallocate()
            throw fail("it holds no frame")
        }
        self.width = width
        self.height = height
        self.delays = delays
        self.loopCount = Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT))
        self.path = path
        self.bytes = copy
    }

    deinit {
        if let decoder { WebPAnimDecoderDelete(decoder) }
        bytes.deallocate()
    }

    /// The next picture as shown, straight RGBA; nil after the last.
    ///
    /// Throws `WebPDecodingError` when libwebpdemux stops at a frame.
    package func next() throws(WebPDecodingError) -> RGBAImage? {
        func fail(_ detail: String) -> WebPDecodingError { WebPDecodingError(path: path, detail: detail) }
        guard produced < delays.count else { return nil }
        if decoder == nil {
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw fail("libwebpdemux's version does not match its header") }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            var data = WebPData(bytes: UnsafePointer(bytes.baseAddress), size: bytes.count)
            guard let made = WebPAnimDecoderNew(&data, &options) else { throw fail("libwebpdemux cannot parse it: not a WebP, or damaged") }
            decoder = made
        }
        var canvas: UnsafeMutablePointer<UInt8>?
        var end: Int32 = 0
        guard let decoder, WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &canvas, &end) != 0, let canvas,
            let picture = RGBAImage(
                width: width, height: height, pixels: Array(UnsafeBufferPointer(start: canvas, count: width * height * 4)))
        else { throw fail("libwebpdemux stops at frame \(produced)") }
        produced += 1
        return picture
    }
}
