import FoundationEssentials
import PickerGIF
import PickerKit
import PickerVideo
import PickerWebP
import Synchronization

/// Renders a spec: frames at any moment as pixels, PNG or SVG, the whole animation as a GIF, an animated SVG or a
/// contact sheet, and a set of formats written into a folder all or nothing.
///
/// ```swift
/// let renderer = try Renderer(spec)
/// let png = try renderer.png(at: 0.5)
/// try renderer.write(formats: [.png, .gif], to: URL(fileURLWithPath: "Output/period"))
/// ```
///
/// Making a renderer validates the spec again (a spec changed in code since it was made may no longer be valid),
/// measures its labels, lays it out and builds its timeline; it throws `SpecError` when the spec is not valid or its
/// picture or frame count would exceed `SpecLimits`, and `RenderError` when cairo or Pango cannot be set up.
///
/// A renderer is `Sendable`: any number of threads may call it at once. It keeps a small pool of drawing contexts
/// (cairo surfaces, a Pango layout, a PNG compressor), one per thread that is drawing, so the first call on each
/// thread pays for setting one up and later calls reuse it.
public final class Renderer: Sendable {
    /// The spec being rendered (with the variant's values in place of its own, when a variant was given).
    public let spec: PickerSpec
    package let plan: RenderPlan
    private let drawers: DrawerPool

    /// Prepares to render `spec` (in `variant`, one of `spec.variants`, when given); `file` names it in messages and
    /// its folder is where relative icon and image paths start, and PNG frames are compressed as `pngCompression` says.
    ///
    /// Icons and images are read only from inside `root`: by default the repository that holds `file` (the nearest
    /// folder above it with a `.git`), or `file`'s own folder where there is none (the current folder for a spec
    /// without a file). An absolute path, `..` that leaves the root, or a link that leads out of it is refused
    /// without looking at the file outside.
    ///
    /// Throws `SpecError` for a spec that is not valid or exceeds `SpecLimits` (naming the field), or whose icon or
    /// image files are outside the root or cannot be used, and `RenderError` when cairo, Pango or libdeflate cannot
    /// be set up. (The one call of `Renderer` that throws two types; every call on a made renderer throws
    /// `RenderError` alone.)
    public convenience init(
        _ spec: PickerSpec, variant: Variant? = nil, file: String? = nil, root: URL? = nil, pngCompression: PNGCompression = .standard
    ) throws {
        try self.init(Plan(spec, variant: variant, file: file, rootPath: root?.path), pngCompression: pngCompression)
    }

    /// Prepares to render what `planned` planned, drawing its static layer (once a plan: it hands over its Pango
    /// objects).
    package init(_ planned: Plan, pngCompression: PNGCompression = .standard) throws {
        plan = planned.plan
        spec = planned.spec
        drawers = DrawerPool(first: try FrameDrawer(plan: plan, text: planned.text, pngCompression: pngCompression), plan: plan)
    }

    /// Where the segments are, in points.
    public var layout: PickerLayout { plan.layout }
    /// Where the highlight is at each moment, and how the animation is cut into frames.
    public var timeline: Timeline { plan.timeline }
    /// The number of frames: ⌊duration × fps + 0.5⌋ + 1.
    public var frameCount: Int { plan.timeline.frameCount }
    /// The animation's length in seconds: until everything has settled, plus the spec's tail.
    public var duration: Double { plan.timeline.duration }
    /// The pictures' size in pixels: ⌈canvas × scale⌉ on each side.
    public var pixelSize: (width: Int, height: Int) { (plan.pixelWidth, plan.pixelHeight) }
    /// Things worth knowing that do not stop the render, such as a font family that is not installed.
    public var warnings: [String] { plan.warnings }
    /// How PNG frames are compressed.
    public var pngCompression: PNGCompression { drawers.compression }

    // MARK: One frame

    /// The pixels at `time` seconds; at or after `duration` the settled last frame, and so from the last frame's time
    /// (frameCount − 1) / fps when that comes first (a single frame, or a tail under half a frame, cuts motion short).
    ///
    /// Throws `RenderError.invalidMoment` for a negative or non-finite time, and `RenderError.cairo` (or
    /// `.pango`, `.librsvg`) when drawing fails.
    public func image(at time: Double) throws(RenderError) -> RGBAImage {
        let state = try self.state(at: time)
        return try drawers.borrow { drawer throws(RenderError) in try drawer.image(state: state) }
    }

    /// The pixels of frame `index` (0 to `frameCount − 1`).
    ///
    /// Throws `RenderError.invalidMoment` for an index outside the animation, and as `image(at:)` when drawing fails.
    public func image(frame index: Int) throws(RenderError) -> RGBAImage {
        let state = try self.state(frame: index)
        return try drawers.borrow { drawer throws(RenderError) in try drawer.image(state: state) }
    }

    /// The PNG file of the picture at `time` seconds; see `image(at:)`.
    ///
    /// Throws as `image(at:)` does, and `RenderError.encoder` (format `.png`) when the PNG writer's compressor fails.
    public func png(at time: Double) throws(RenderError) -> Data {
        let state = try self.state(at: time)
        return Data(try drawers.borrow { drawer throws(RenderError) in try drawer.png(state: state) })
    }

    /// The PNG file of frame `index`; see `image(frame:)`.
    ///
    /// Throws as `image(frame:)` does, and `RenderError.encoder` (format `.png`) when the PNG writer's compressor
    /// fails.
    public func png(frame index: Int) throws(RenderError) -> Data {
        let state = try self.state(frame: index)
        return Data(try drawers.borrow { drawer throws(RenderError) in try drawer.png(state: state) })
    }

    /// The SVG file of the picture at `time` seconds: vector shapes, labels as glyph outlines, one point one CSS
    /// pixel; see `image(at:)`.
    ///
    /// Throws as `image(at:)` does.
    public func svg(at time: Double) throws(RenderError) -> Data {
        let state = try self.state(at: time)
        return Data(try drawers.borrow { drawer throws(RenderError) in try drawer.svg(state: state) })
    }

    /// The SVG file of frame `index`; see `svg(at:)`.
    ///
    /// Throws as `image(frame:)` does.
    public func svg(frame index: Int) throws(RenderError) -> Data {
        let state = try self.state(frame: index)
        return Data(try drawers.borrow { drawer throws(RenderError) in try drawer.svg(state: state) })
    }

    // MARK: The whole animation

    /// One self-contained SVG whose highlight animates with SMIL on the same timeline as the frames, looping as
    /// the spec's `output.loop` says.
    ///
    /// Throws `RenderError.cairo` (or `.pango`, `.librsvg`) when drawing fails.
    public func animatedSVG() throws(RenderError) -> Data {
        Data(try animatedSVGBytes())
    }

    /// The animation as one Lottie JSON document (bodymovin 5.x: lottie-web, lottie-ios, lottie-android and rlottie
    /// play it): shapes, glyph outlines and embedded pictures on the frames' timeline, `fr` the spec's frame rate and
    /// one loop of N / fps; players loop it as they are told (a Lottie file holds no loop count).
    ///
    /// Throws `RenderError.cairo` (or `.pango`, `.librsvg`) when outlining a label or drawing a picture fails.
    public func lottie() throws(RenderError) -> Data {
        Data(try lottieBytes())
    }

    /// One PNG with the frames in a grid, each labelled with its index and time (at most 240 of them).
    ///
    /// Throws `RenderError.cairo` (or `.pango`, `.librsvg`) when drawing fails, and `RenderError.encoder` (format
    /// `.png`) when the PNG writer fails.
    public func contactSheet() throws(RenderError) -> Data {
        Data(try contactSheetBytes())
    }

    /// The animation as a GIF: one palette for every frame, identical frames merged, only changed rectangles
    /// stored, delays rounded so the total stays within 10 ms of `duration`.
    ///
    /// GIF pixels are opaque or transparent, so translucent pixels are blended over `matte` (see `GIFMatte`).
    /// Throws `RenderError.invalidOption` for a matte colour that is not opaque, `RenderError.encoder` (format `.gif`,
    /// keeping giflib's or libimagequant's error) when encoding fails, and as `image(frame:)` when drawing fails.
    public func gif(matte: GIFMatte = .automatic) throws(RenderError) -> Data {
        Data(try gifBytes(matte: matte))
    }

    /// The animation as an animated PNG, which plays in every browser.
    ///
    /// Full colour and alpha (no matte); identical frames merged into one longer frame, later frames stored as the
    /// rectangle that changed, delays exact fractions of a second (frames per second as the denominator), looping
    /// as the spec's `output.loop` says.
    ///
    /// Throws `RenderError.encoder` (format `.apng`, keeping the encoder's error) when compressing fails, and as
    /// `image(frame:)` when drawing fails.
    public func apng() throws(RenderError) -> Data {
        Data(try apngBytes())
    }

    /// The animation as an animated WebP: lossless by default (crisp text), lossy at `quality` 0–100 when given.
    ///
    /// Alpha is kept, identical frames merged, timestamps rounded to the millisecond so the total stays within 1 ms
    /// a frame of `duration`.
    ///
    /// Throws `RenderError.invalidOption` for a quality outside 0–100, and `RenderError.encoder` (format `.webp`,
    /// keeping the encoder's error) for a picture over WebP's 16,383 px a side (one less than the picture limits
    /// allow) or when libwebp fails.
    public func webp(quality: Int? = nil) throws(RenderError) -> Data {
        Data(try webpBytes(quality: quality))
    }

    /// The animation as an H.264 MP4 at the spec's frame rate, its index first so a browser plays it while it
    /// loads; translucent pixels blended over `options.matte`.
    ///
    /// Throws `RenderError.invalidOption` for a chroma MP4 cannot hold (`.alpha`, `.rgb`), a matte that is not
    /// opaque or a CRF outside 0–51, `RenderError.tooLarge` over 16,384 px a side, and `RenderError.encoder`
    /// (format `.mp4`, keeping FFmpeg's error) when libavcodec fails.
    public func mp4(options: VideoOptions = VideoOptions()) throws(RenderError) -> Data {
        Data(try videoBytes(.mp4, options: options))
    }

    /// The animation as a VP9 WebM at the spec's frame rate; `options.chroma` `.alpha` keeps a clear background clear.
    ///
    /// Throws `RenderError.invalidOption` for a matte that is not opaque or a CRF outside 0–63,
    /// `RenderError.tooLarge` over 16,384 px a side, and `RenderError.encoder` (format `.webm`, keeping FFmpeg's error)
    /// when libavcodec fails.
    public func webm(options: VideoOptions = VideoOptions()) throws(RenderError) -> Data {
        Data(try videoBytes(.webm, options: options))
    }

    func videoBytes(_ format: VideoFormat, options: VideoOptions, frameDrawn: (@Sendable () -> Void)? = nil) throws(RenderError)
        -> [UInt8]
    {
        let encoderOptions = try options.encoderOptions(for: format)
        let (width, height) = pixelSize
        guard width <= 16_384, height <= 16_384 else { throw RenderError.tooLarge(width: width, height: height) }
        let output: OutputFormat
        switch format {
        case .mp4: output = .mp4
        case .webm: output = .webm
        }
        return try encodeFrames(output, frameDrawn: frameDrawn) { timeline, frame in
            try VideoEncoder(options: encoderOptions).encode(frameCount: timeline.frameCount, fps: timeline.fps, frame: frame).bytes
        }
    }

    func apngBytes(frameDrawn: (@Sendable () -> Void)? = nil) throws(RenderError) -> [UInt8] {
        let options = APNGEncoderOptions(loopCount: spec.output.loopCount)
        return try encodeFrames(.apng, frameDrawn: frameDrawn) { timeline, frame in
            try APNGEncoder(options: options).encode(
                frameCount: timeline.frameCount, fps: timeline.fps, duration: timeline.loopDuration, frame: frame
            )
            .bytes
        }
    }

    func webpBytes(quality: Int?, frameDrawn: (@Sendable () -> Void)? = nil) throws(RenderError) -> [UInt8] {
        var options = WebPEncoderOptions(loopCount: spec.output.loopCount)
        if let quality {
            guard WriteOptionRules.webpQualities.contains(quality) else {
                throw RenderError.invalidOption(WriteOptionRules.webpQuality("\(quality)"))
            }
            options.quality = .lossy(quality)
        }
        let (width, height) = pixelSize
        guard width <= WebPEncoder.maximumSide, height <= WebPEncoder.maximumSide else {
            // Within the picture limits (16,384 px a side) but not within WebP's, which is one pixel less.
            throw RenderError.encoder(format: .webp, underlying: EncoderFailure(WebPEncoderError.tooLarge(width: width, height: height)))
        }
        return try encodeFrames(.webp, frameDrawn: frameDrawn) { timeline, frame in
            try WebPEncoder(options: options).encode(
                frameCount: timeline.frameCount, fps: timeline.fps, duration: timeline.loopDuration, frame: frame
            )
            .bytes
        }
    }

    /// Runs an encoder over every frame, drawn by one drawer; the encoder's own errors become
    /// `RenderError.encoder` naming `format` and keeping the error, and a frame's drawing errors pass through.
    ///
    /// `frameDrawn` is called after each frame is drawn, for progress.
    func encodeFrames(
        _ format: OutputFormat, frameDrawn: (@Sendable () -> Void)? = nil,
        _ encode: (Timeline, (Int) throws -> RGBAImage) throws -> [UInt8]
    ) throws(RenderError) -> [UInt8] {
        let timeline = plan.timeline
        return try drawers.borrow { drawer throws(RenderError) in
            // A frame whose state equals the last one drawn is that picture (the drawer draws from the state alone):
            // an animation's holds cost nothing to draw, which a debug `swift test` of an animated snapshot waits on.
            var last: (state: FrameState, image: RGBAImage)?
            do {
                return try encode(timeline) { index in
                    defer { frameDrawn?() }
                    let state = timeline.state(forFrame: index)
                    if let last, last.state == state { return last.image }
                    let image = try drawer.image(state: state)
                    last = (state, image)
                    return image
                }
            } catch let error as RenderError {
                throw error
            } catch {
                // The encoders throw their own error types (GIFEncodingError, APNGEncodingError, WebPEncoderError,
                // VideoEncodingError) or rethrow the frame's RenderError.
                throw RenderError.encoder(format: format, underlying: EncoderFailure(error))
            }
        }
    }

    func animatedSVGBytes() throws(RenderError) -> [UInt8] {
        try drawers.borrow { drawer throws(RenderError) in try AnimatedSVG(drawer: drawer).document() }
    }

    func lottieBytes() throws(RenderError) -> [UInt8] {
        try drawers.borrow { drawer throws(RenderError) in try LottieAnimation(drawer: drawer).document() }
    }

    func contactSheetBytes() throws(RenderError) -> [UInt8] {
        try drawers.borrow { drawer throws(RenderError) in try ContactSheet(drawer: drawer).pngBytes() }
    }

    func gifBytes(matte: GIFMatte, storeBytes: Int = 64 << 20, frameDrawn: (@Sendable () -> Void)? = nil) throws(RenderError) -> [UInt8] {
        var options = GIFEncoderOptions(loopCount: spec.output.loopCount, matte: try matte.color(over: plan.style.background))
        options.frameStoreBytes = storeBytes
        return try encodeFrames(.gif, frameDrawn: frameDrawn) { timeline, frame in
            try GIFEncoder(options: options).encode(
                frameCount: timeline.frameCount, fps: timeline.fps, duration: timeline.loopDuration, frame: frame
            )
            .bytes
        }
    }

    // MARK: Moments

    func state(at time: Double) throws(RenderError) -> FrameState {
        guard time.isFinite, time >= 0 else {
            throw RenderError.invalidMoment("\(time) s is not a moment of the animation; give a number of seconds from 0")
        }
        // From `Timeline.settledFrom` on, the timeline gives the last frame's settled state (one rule, in Timeline).
        return plan.timeline.state(at: time)
    }

    func state(frame index: Int) throws(RenderError) -> FrameState {
        guard (0..<frameCount).contains(index) else {
            throw RenderError.invalidMoment(
                "frame \(index) is not in the animation, which has \(frameCount) frames (0 to \(frameCount - 1))")
        }
        return plan.timeline.state(forFrame: index)
    }

    /// Runs `body` with a drawer of this renderer's, which no other thread uses meanwhile.
    func withDrawer<T>(_ body: (FrameDrawer) throws(RenderError) -> T) throws(RenderError) -> T {
        try drawers.borrow(body)
    }
}

/// The drawing contexts of one renderer: each used by one thread at a time, made when all are busy, kept for reuse.
final class DrawerPool: @unchecked Sendable {
    // @unchecked: a drawer is handed to one borrower at a time, through `idle`'s mutex, so its cairo and Pango
    // objects are never used by two threads at once.
    private let idle: Mutex<IdleDrawers>

    private struct IdleDrawers: @unchecked Sendable {
        // @unchecked: see `DrawerPool`; a drawer here has no borrower.
        var drawers: [FrameDrawer]
    }
    private let plan: RenderPlan
    let compression: PNGCompression
    /// The most drawers kept between calls; more are made while that many threads draw at once.
    private let keep = max(2, ProcessInfo.processInfo.activeProcessorCount)

    /// The first drawer's static layer, which every drawer made later shares rather than drawing its own.
    private let staticLayer: StaticLayer

    init(first: FrameDrawer, plan: RenderPlan) {
        idle = Mutex(IdleDrawers(drawers: [first]))
        self.plan = plan
        compression = first.pngCompression
        staticLayer = first.staticLayer
    }

    func borrow<T>(_ body: (FrameDrawer) throws(RenderError) -> T) throws(RenderError) -> T {
        let available = idle.withLock { $0.drawers.popLast() }
        let drawer: FrameDrawer
        if let available {
            drawer = available
        } else {
            drawer = try FrameDrawer(
                plan: plan, text: PangoText(fontFile: plan.fontFile), pngCompression: compression, sharing: staticLayer)
        }
        defer {
            idle.withLock { idle in
                if idle.drawers.count < keep { idle.drawers.append(drawer) }
            }
        }
        return try body(drawer)
    }
}
