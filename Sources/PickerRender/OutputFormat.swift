/// A kind of file `Renderer.write(formats:to:options:)` writes: one file per frame, or one for the animation.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    /// `frame-0000.png`, …: one PNG per frame.
    case png
    /// `frame-0000.svg`, …: one SVG per frame.
    case svg
    /// `<name>.svg`: one self-contained SVG whose highlight animates (SMIL).
    case svgAnimated = "svg-animated"
    /// `<name>.lottie.json`: the animation as Lottie JSON (bodymovin 5.x), which lottie-web, lottie-ios,
    /// lottie-android and rlottie play.
    case lottie
    /// `<name>-sheet.png`: every frame in a grid, labelled with its index and time.
    case sheet
    /// `<name>.gif`: the animation as a GIF with one palette and delta frames.
    case gif
    /// `<name>.png`: the animation as an animated PNG, full colour and alpha, exact delays.
    case apng
    /// `<name>.webp`: the animation as an animated WebP, lossless unless a quality is given.
    case webp
    /// `<name>.mp4`: the animation as an H.264 video, which every browser and player plays.
    case mp4
    /// `<name>.webm`: the animation as a VP9 video, with alpha if asked.
    case webm

    /// True for formats written once per frame.
    public var isPerFrame: Bool { self == .png || self == .svg }

    /// True for the animation formats whose encoder draws every frame (GIF, APNG, WebP, MP4, WebM).
    package var drawsEveryFrame: Bool { [.gif, .apng, .webp, .mp4, .webm].contains(self) }

    /// How long the format takes to encode, relative to the others (measured on the large bench spec: WebM 29 s,
    /// MP4 5.6 s, WebP 2.1 s, GIF 0.9 s, the sheet and APNG under 0.4 s), so the slowest start first.
    package var encodingCost: Int {
        switch self {
        case .webm: return 6
        case .mp4: return 5
        case .webp: return 4
        case .gif: return 3
        case .sheet: return 2
        case .apng: return 1
        case .png, .svg, .svgAnimated, .lottie: return 0
        }
    }

    /// The format's name in messages, such as "GIF" or "WebP".
    var displayName: String {
        switch self {
        case .png: return "PNG"
        case .svg: return "SVG"
        case .svgAnimated: return "animated SVG"
        case .lottie: return "Lottie"
        case .sheet: return "contact sheet"
        case .gif: return "GIF"
        case .apng: return "APNG"
        case .webp: return "WebP"
        case .mp4: return "MP4"
        case .webm: return "WebM"
        }
    }

    /// The file this format writes for frame `index` (per-frame formats) or for an output named `name`.
    public func fileName(name: String, frame index: Int = 0) -> String {
        switch self {
        case .png, .svg:
            let digits = String(index)
            return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "." + rawValue
        case .svgAnimated: return name + ".svg"
        case .lottie: return name + ".lottie.json"
        case .sheet: return name + "-sheet.png"
        case .gif: return name + ".gif"
        case .apng: return name + ".png"
        case .webp: return name + ".webp"
        case .mp4: return name + ".mp4"
        case .webm: return name + ".webm"
        }
    }

    /// True when `file` is a file this format writes for an output named `name`.
    ///
    /// These are the files a new render of the format replaces or removes. Frame names have exactly four ASCII
    /// digits, so user files such as `frame-١٢٣٤.png` are never taken for frames.
    package func owns(_ file: String, name: String) -> Bool {
        switch self {
        case .png, .svg:
            let suffix = "." + rawValue
            guard file.hasPrefix("frame-"), file.hasSuffix(suffix) else { return false }
            let digits = file.utf8.dropFirst("frame-".count).dropLast(suffix.utf8.count)
            return digits.count == 4 && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        case .svgAnimated, .lottie, .sheet, .gif, .apng, .webp, .mp4, .webm:
            return file == fileName(name: name)
        }
    }
}
