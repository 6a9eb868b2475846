import PickerKit
import PickerRender

/// The figures a render counts against its `MemoryBudget` (defined in PickerRender, where compare uses it too).
///
/// Each thread that draws holds a drawer of about 15 bytes a pixel (two cairo surfaces, the static layer's PNG
/// rows and the compressor's buffers), and each animation encoder holds its own frames on top (`encoderBytes`).
/// A write runs as many of them at once as fit in `bytes`, and never fewer than one: a single drawer larger than
/// the budget still runs, alone (per-frame PNG and SVG), but an animation file whose drawer and encoder together
/// would not fit is refused before anything is drawn (`RenderPlan.checkEncoding`).
extension MemoryBudget {
    /// The bytes one drawing thread holds for a picture of `pixels` pixels (measured: 14.9 bytes a pixel on the
    /// largest picture, 998 MB for 64 Mi pixels with one thread), plus what Pango and cairo keep whatever the size.
    package static func drawerBytes(pixels: Int) -> Int {
        pixels * 15 + (4 << 20)
    }

    /// The most bytes the GIF encoder keeps of its frames between its two passes: 64 MiB, an eighth of a budget
    /// smaller than 512 MiB (the frames beyond it are drawn again: the same bytes, more slowly).
    package var gifFrameStoreBytes: Int { min(64 << 20, bytes / 8) }

    /// The bytes a contact sheet holds a pixel of its own: its surface and the PNG encoder's rows and output
    /// (measured 10 on a 1,654 × 15,523 px sheet of 3,009 frames, with a margin).
    package static let sheetBytesPerPixel = 12

    /// The bytes the encoder of `format` holds beyond its drawer, for `frames` frames of `pixels` pixels: measured
    /// peaks with one thread (docs/reliability.md, *Memory*), with a margin.
    ///
    /// Most encoders hold a few pictures whatever the number of frames: APNG 22, WebP 54, WebM 152 and the sheet 32
    /// bytes a pixel, and the sheet `sheetBytesPerPixel` of its own `sheetPixels` (`RenderPlan.contactSheetPixels`),
    /// which grow with the number of frames shown. The GIF encoder keeps the frames' changed rectangles too, up to `gifFrameStoreBytes` (its
    /// `FrameStore`), so as many bytes again as its frames' pixels up to that. x264 (MP4) holds up to about 40 frames for its lookahead
    /// and B-frames beside its buffers: 110 bytes a pixel at 10 frames, 250 at 102, and 37 MB whatever the size.
    package static func encoderBytes(_ format: OutputFormat, pixels: Int, frames: Int, sheetPixels: Int, within budget: MemoryBudget) -> Int
    {
        switch format {
        case .png, .svg, .svgAnimated, .lottie: return 0
        case .apng: return pixels * 26
        case .sheet: return pixels * 34 + sheetPixels * sheetBytesPerPixel
        case .gif: return pixels * 36 + min(budget.gifFrameStoreBytes, pixels * 4 * frames)
        case .webp: return pixels * 58
        case .mp4: return (48 << 20) + pixels * (64 + 5 * min(frames, 48))
        case .webm: return (16 << 20) + pixels * 160
        }
    }
}
