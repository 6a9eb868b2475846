import PickerRender

/// How `Renderer.write(formats:to:options:)` writes a render.
public struct WriteOptions: Sendable {
    /// The base name of the files written once per animation (`<name>.gif`); nil uses the folder's name.
    public var name: String?
    /// Threads that draw and compress frames; nil uses one per core.
    public var jobs: Int?
    /// What a GIF's translucent pixels are blended over.
    public var gifMatte: GIFMatte
    /// The animated WebP's quality, 0 to 100 (lossy); nil writes it lossless, which keeps text crisp.
    public var webpQuality: Int?
    /// How MP4 and WebM videos are encoded.
    public var video: VideoOptions
    /// How much memory the pictures may take at once: fewer threads draw, and fewer animation files are encoded
    /// side by side, when the picture is large (`MemoryBudget`; 1 GiB by default).
    public var memory: MemoryBudget
    /// Called after each frame file is written and each frame an animation encoder draws, with the number done so far
    /// and the total, from any thread.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// The moments, in seconds, whose PNG pictures are written instead of every frame's; nil writes every frame.
    ///
    /// They are named by `MomentName` (`<name>.0.500s.png`) as `assertPickerSnapshot` names its goldens. Only PNG:
    /// with moments, per-frame SVG is refused.
    public var moments: [Double]?
    /// What made this render: when given, `pickerreel-manifest.json` records it and every file written
    /// (`RenderManifest`), inside the same all-or-nothing switch; when nil, a manifest left by an earlier render is
    /// removed, since it would no longer describe the folder.
    package var inputs: RenderInputs?
    /// The worst contrast of each label, icon and the highlight (`RenderManifest.Contrast.worst(of:)`), recorded in
    /// the manifest's `contrast` section when `inputs` writes one.
    package var contrast: [RenderManifest.Contrast]?
    /// Asked before each rename of the switch; true makes that rename fail (for tests of the rollback).
    package var failsRename: (@Sendable () -> Bool)?
    /// True when the caller has checked the formats against the memory budget already (`RenderBatch`, against the
    /// whole budget, before the spec waits for its share), so `write` does not check them a second time.
    package var encodingChecked = false

    /// Options; the defaults name files after the folder, use every core the memory budget allows, and choose the
    /// GIF matte automatically.
    public init(
        name: String? = nil, jobs: Int? = nil, gifMatte: GIFMatte = .automatic, webpQuality: Int? = nil,
        video: VideoOptions = VideoOptions(), memory: MemoryBudget = .standard,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) {
        self.name = name
        self.jobs = jobs
        self.gifMatte = gifMatte
        self.webpQuality = webpQuality
        self.video = video
        self.memory = memory
        self.progress = progress
    }
}

/// What a write put in its folder.
public struct WriteSummary: Equatable, Sendable {
    /// The folder written.
    public var folder: String
    /// The files written, by name, sorted.
    public var files: [String]
    /// Frames of the animation (each per-frame format writes this many files).
    public var frameCount: Int
    /// Frame files of the per-frame formats drawn and compressed.
    ///
    /// Holds (frames that repeat the one before) reuse the previous file's bytes, so they are not counted; nor are
    /// the frames the animation formats draw.
    public var framesDrawn: Int
    /// Bytes written in all.
    public var bytes: Int
    /// The moment pictures written (`WriteOptions.moments`); nil when every frame was written.
    public var momentCount: Int? = nil
}
