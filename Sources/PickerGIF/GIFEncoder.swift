import CPickerImageQuant
import PickerKit

/// Encodes an animation into an animated GIF in memory: one global palette chosen by libimagequant over all the
/// distinct frames, dithered remapping, frames reduced to the rectangle that changed, written by giflib.
///
/// Frames come from a provider that is called once per frame to build the palette; the writing pass rebuilds the
/// distinct frames from the rectangles that changed, kept in memory up to 64 MiB, and asks the provider again
/// only past that, so memory stays bounded however long the animation is. GIF transparency is one bit: pixels with
/// alpha under 128 become transparent and the rest opaque, unless `GIFEncoderOptions.matte` is set.
///
/// The same frames and options always give the same bytes. Each call owns its giflib and libimagequant objects,
/// so separate calls may run on separate threads.
package struct GIFEncoder: Sendable {
    /// Looping, dithering and palette effort.
    package var options: GIFEncoderOptions

    /// Creates an encoder.
    package init(options: GIFEncoderOptions = GIFEncoderOptions()) {
        self.options = options
    }

    /// Encodes `frameCount` frames sampled at `fps` (frame k at k / fps) into a GIF lasting `duration` seconds.
    ///
    /// `frame(k)` returns frame k, the same picture each time it is asked for; every frame must have the first
    /// frame's size. Identical consecutive frames become one GIF frame, and delays follow `GIFFramePlan`.
    ///
    /// Throws `GIFEncodingError` for invalid options or timing, frames of differing sizes, and any giflib or
    /// libimagequant failure; rethrows whatever `frame` throws.
    package func encode(frameCount: Int, fps: Double, duration: Double, frame: (Int) throws -> RGBAImage) throws -> EncodedGIF {
        try options.validate()
        // Timing mistakes are found before any frame is rendered.
        _ = try GIFFramePlan(
            frameCount: frameCount, fps: fps, duration: duration, repeatsPrevious: Array(repeating: false, count: max(frameCount, 0)))
        return try OpenMPThreads.one {
            try withoutActuallyEscaping(frame) { provider in
                var source = FrameSource(provider, matte: options.matte)
                var store = FrameStore(byteBudget: options.frameStoreBytes)
                let (palette, repeatsPrevious) = try choosePalette(frameCount: frameCount, source: &source, store: &store)
                let plan = try GIFFramePlan(frameCount: frameCount, fps: fps, duration: duration, repeatsPrevious: repeatsPrevious)
                return try write(plan: plan, palette: palette, source: &source, store: &store)
            }
        }
    }

    /// First pass: the palette for every distinct frame, and which frames repeat the one before.
    private func choosePalette(frameCount: Int, source: inout FrameSource, store: inout FrameStore) throws -> (ChosenPalette, [Bool]) {
        var chooser = try PaletteChooser(speed: options.speed)
        var repeatsPrevious: [Bool] = []
        var previous: RGBAImage?
        for index in 0..<frameCount {
            let picture = try source.frame(index)
            let change = FrameChange(from: previous, to: picture)
            let repeats = previous != nil && change.rect.isEmpty
            repeatsPrevious.append(repeats)
            if !repeats {
                chooser.add(picture, previous: previous, change: change)
                store.add(picture, sourceIndex: index, change: change)
            }
            previous = picture
        }
        return (try chooser.choose(dithering: options.dithering), repeatsPrevious)
    }

    /// Second pass: remaps the planned frames to the palette and writes each one's changed rectangle.
    ///
    /// Frames are rebuilt from `store` when it kept them all, and asked of the provider again otherwise.
    private func write(plan: GIFFramePlan, palette chosen: ChosenPalette, source: inout FrameSource, store: inout FrameStore) throws
        -> EncodedGIF
    {
        let remapper = chosen.remapper
        let quantColors = remapper.palette
        guard let palette = GIFPalette(quantColors: quantColors.map { ($0.r, $0.g, $0.b, $0.a) }) else {
            throw GIFEncodingError.imageQuant(operation: "choose a palette", detail: "more than 255 opaque colours")
        }
        let (width, height) = (source.width, source.height)
        let writer = try GIFWriter()
        try writer.putScreen(
            width: width, height: height, colorMap: GIFColorMap(palette.colors), backgroundIndex: palette.transparentIndex)
        if let repetitions = loopRepetitions { try writer.putLoop(repetitions: repetitions) }
        let exactColors = chosen.holdsEveryColor ? ExactColorMap(palette) : nil
        var planner = DeltaPlanner(width: width, height: height, transparentIndex: palette.transparentIndex)
        var previous: (index: Int, picture: RGBAImage)?
        var written: [GIFFramePlan.Frame] = []
        for planned in plan.frames {
            // A hold split over several GIF frames shows the same source again: no need to render it twice.
            let reused = planned.sourceIndex == previous?.index ? previous?.picture : nil
            let current = try reused ?? store.picture(at: planned.sourceIndex) ?? source.frame(planned.sourceIndex)
            let change = FrameChange(from: previous?.picture, to: current)
            let target = try remap(current, within: change.rect, remapper: remapper, palette: palette, exactColors: exactColors)
            guard remapper.palette.elementsEqual(quantColors, by: Self.sameColor) else {
                throw GIFEncodingError.imageQuant(
                    operation: "keep one palette for all frames", detail: "the palette changed while mapping frame \(planned.sourceIndex)")
            }
            for finished in planner.add(
                target: target, changed: change.changed, changedRect: change.rect, sourceIndex: planned.sourceIndex, delay: planned.delay)
            {
                try writer.putFrame(finished, canvasWidth: width, transparentIndex: palette.transparentIndex)
                written.append(GIFFramePlan.Frame(sourceIndex: finished.sourceIndex, delay: finished.delay))
            }
            previous = (planned.sourceIndex, current)
        }
        if let last = planner.finish() {
            try writer.putFrame(last, canvasWidth: width, transparentIndex: palette.transparentIndex)
            written.append(GIFFramePlan.Frame(sourceIndex: last.sourceIndex, delay: last.delay))
        }
        return EncodedGIF(bytes: try writer.finish(), plan: plan, frames: written, paletteCount: palette.colors.count)
    }

    /// Canvas-sized GIF indices for `picture` inside `rect`, and the transparent index elsewhere.
    ///
    /// The delta planner ignores pixels outside `rect`, since nothing changed there; only the rectangle is
    /// remapped, so dithering works on it alone. With `exactColors` (the palette holds every colour) indices are
    /// looked up rather than remapped.
    private func remap(
        _ picture: RGBAImage, within rect: PixelRect, remapper: QuantResult, palette: GIFPalette, exactColors: ExactColorMap?
    ) throws -> [UInt8] {
        var target = [UInt8](repeating: palette.transparentIndex, count: picture.width * picture.height)
        guard !rect.isEmpty else { return target }
        if let exactColors, exactColors.map(picture, within: rect, into: &target) { return target }
        let image = try QuantImage(picture, croppedTo: rect, attributes: remapper.attributes)
        var indices = try remapper.remap(image, pixelCount: rect.width * rect.height)
        palette.translate(&indices)
        target.withUnsafeMutableBufferPointer { canvas in
            indices.withUnsafeBufferPointer { part in
                for row in 0..<rect.height {
                    let from = row * rect.width
                    let to = (rect.y + row) * picture.width + rect.x
                    for column in 0..<rect.width { canvas[to + column] = part[from + column] }
                }
            }
        }
        return target
    }

    /// The NETSCAPE2.0 repeat count: 0 forever, N − 1 more plays for N plays, nil (no extension) to play once.
    private var loopRepetitions: Int? {
        guard let loopCount = options.loopCount else { return 0 }
        return loopCount > 1 ? loopCount - 1 : nil
    }

    private static func sameColor(_ a: liq_color, _ b: liq_color) -> Bool {
        a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a
    }
}
