import CPickerCairo
import PickerKit

/// Measures WCAG contrast on the frames of one plan, from the drawn pixels: each label and template icon against
/// what is beneath its glyphs, and the highlight against what surrounds it.
///
/// Why pixels: a label's background at a moment is whatever the frame has under it (track, highlight, its edge and
/// shadow, a translucent overlay, another look mid-fade), which only the drawing knows exactly. So each frame is
/// drawn twice, as rendered and without labels and template icons (the pixels beneath them), and each look's glyph
/// coverage c is drawn once. Where the frame pixel is P and the pixel beneath B, cairo drew P = B + c·(T − B): the
/// ink's colour as seen is T = B + (P − B) / c. Only the pixels the glyphs cover fully are measured (or, for ink
/// thinner than a pixel, those covered most), where T is the drawn pixel itself: exact, and a cross-fade's pixels
/// hold both looks mixed. A label's ratio is the one 90% of those pixels reach (its tenth percentile): the worst of
/// the label, without the few pixels where an edge beneath (the highlight's anti-aliased rim) passes through the
/// ink's own colour. Translucent pixels are seen over white.
///
/// One thread at a time (it owns two drawers).
package final class FrameAuditor {
    private let drawer: FrameDrawer
    private let beneath: FrameDrawer
    private let masks: [LookMasks]
    private let plan: RenderPlan
    /// The pixels each label's and icon's looks cover fully at a blend of the looks, kept for the blends every held
    /// frame shows (one look or the other); a cross-fade's blends are worked out frame by frame.
    private var inked: [InkKey: InkedPixels] = [:]

    /// Prepares to audit `plan`: two drawers (with and without the looks) and the glyph masks.
    ///
    /// Throws `RenderError` when cairo, Pango or libdeflate cannot be set up.
    package init(plan: RenderPlan) throws(RenderError) {
        self.plan = plan
        drawer = try FrameDrawer(plan: plan, text: PangoText(fontFile: plan.fontFile))
        beneath = try FrameDrawer(plan: plan, text: PangoText(fontFile: plan.fontFile), drawingLooks: false)
        let scratch = try ImageSurface(width: plan.pixelWidth, height: plan.pixelHeight)
        let painter = drawer.rasterPainter
        masks = plan.layout.segments.enumerated().map { index, segment in
            LookMasks(segment: segment, index: index, painter: painter, scale: plan.spec.output.scale, surface: scratch)
        }
    }

    /// Every measurement of the frame showing `state` (frame `frame` at `time` seconds): a text (or large text) and
    /// an icon measurement per item that has them, and the highlight's when one shows.
    ///
    /// Throws `RenderError` when drawing fails.
    package func measure(_ state: FrameState, frame: Int, time: Double) throws(RenderError) -> [ContrastMeasurement] {
        let drawnSurface = try drawer.surface(state: state)
        let beneathSurface = try beneath.surface(state: state)
        guard let drawn = cairo_image_surface_get_data(drawnSurface.pointer),
            let under = cairo_image_surface_get_data(beneathSurface.pointer)
        else { throw RenderError.cairo(operation: "reach the frame's pixels", detail: "no pixel data") }
        let stride = drawnSurface.stride
        var found: [ContrastMeasurement] = []
        for (index, mask) in masks.enumerated() {
            let segment = plan.layout.segments[index]
            let selected = state.selection.indices.contains(index) ? state.selection[index] : 0
            let amount = plan.style.selectedLabelDiffers ? min(max(selected, 0), 1) : 0
            let weights = [1 - amount, amount]
            let item = segment.item.displayedLabel.isEmpty ? segment.item.value.text : segment.item.displayedLabel
            let label = inkedPixels(InkKey(segment: index, icon: false, amount: amount), mask: mask, looks: mask.label, weights: weights)
            if let ratio = Self.lowestRatio(label, mask: mask, drawn: drawn, under: under, stride: stride) {
                let large = zip(weights, mask.isLarge).allSatisfy { weight, large in weight <= 0 || large }
                found.append(ContrastMeasurement(subject: large ? .largeText : .text, ratio: ratio, frame: frame, time: time, item: item))
            }
            let icon = inkedPixels(InkKey(segment: index, icon: true, amount: amount), mask: mask, looks: mask.icon, weights: weights)
            if let ratio = Self.lowestRatio(icon, mask: mask, drawn: drawn, under: under, stride: stride) {
                found.append(ContrastMeasurement(subject: .icon, ratio: ratio, frame: frame, time: time, item: item))
            }
        }
        if let highlight = state.highlight, let ratio = highlightRatio(highlight, under: under, stride: stride) {
            found.append(ContrastMeasurement(subject: .highlight, ratio: ratio, frame: frame, time: time, item: nil))
        }
        return found
    }

    /// Which label or icon, at which blend of its looks (`amount` of the selected look).
    private struct InkKey: Hashable {
        var segment: Int
        var icon: Bool
        var amount: Double
    }

    /// The pixels of a mask's box that its looks cover fully (or, for ink thinner than a pixel, those covered most),
    /// in row order, each with its coverage; empty for no ink.
    private struct InkedPixels {
        var indices: [Int] = []
        var coverage: [Double] = []
    }

    /// The pixels `looks` at `weights` cover fully, from `inked` for a single look (held frames show one).
    private func inkedPixels(_ key: InkKey, mask: LookMasks, looks: [LookMasks.Coverage], weights: [Double]) -> InkedPixels {
        if let known = inked[key] { return known }
        let found = Self.inkedPixels(looks: looks, weights: weights)
        if key.amount == 0 || key.amount == 1 { inked[key] = found }
        return found
    }

    /// The pixels `looks` at `weights` cover fully (coverage at least 0.99, or the most there is when less), from the
    /// looks' inked pixels alone (merged in row order), so the work follows the ink, not the box.
    private static func inkedPixels(looks: [LookMasks.Coverage], weights: [Double]) -> InkedPixels {
        // Only the looks with weight (the regular look first, as the sum is made) add to a pixel's coverage.
        let weighted = zip(looks, weights).filter { $0.1 > 0 && !$0.0.indices.isEmpty }
        guard !weighted.isEmpty else { return InkedPixels() }
        var merged = InkedPixels()
        var next = Array(repeating: 0, count: weighted.count)
        var most = 0.0
        while true {
            var index = Int.max
            for (look, (coverage, _)) in weighted.enumerated() where next[look] < coverage.indices.count {
                index = min(index, coverage.indices[next[look]])
            }
            guard index < Int.max else { break }
            var sum = 0.0
            for (look, (coverage, weight)) in weighted.enumerated()
            where next[look] < coverage.indices.count && coverage.indices[next[look]] == index {
                sum += weight * Double(coverage.values[next[look]]) / 255
                next[look] += 1
            }
            most = max(most, sum)
            merged.indices.append(index)
            merged.coverage.append(sum)
        }
        guard most > 0.02 else { return InkedPixels() }
        let threshold = min(0.99, most)
        var pixels = InkedPixels()
        for (index, coverage) in zip(merged.indices, merged.coverage) where min(coverage, 1) >= threshold {
            pixels.indices.append(index)
            pixels.coverage.append(min(coverage, 1))
        }
        return pixels
    }

    /// The ratio of ink to what is beneath it that 90% of the `inked` pixels reach, or nil for no ink.
    private static func lowestRatio(
        _ inked: InkedPixels, mask: LookMasks, drawn: UnsafeMutablePointer<UInt8>, under: UnsafeMutablePointer<UInt8>, stride: Int
    ) -> Double? {
        guard !inked.indices.isEmpty else { return nil }
        var ratios: [Double] = []
        ratios.reserveCapacity(inked.indices.count)
        // A glyph's pixels mostly repeat the one before (one ink over one background): its ratio is reused.
        var last: (drawn: UInt32, under: UInt32, c: Double, ratio: Double)?
        for (index, c) in zip(inked.indices, inked.coverage) {
            let (row, column) = index.quotientAndRemainder(dividingBy: mask.width)
            let p = (mask.y + row) * stride + (mask.x + column) * 4
            let pixels = (
                UnsafeRawPointer(drawn + p).loadUnaligned(as: UInt32.self), UnsafeRawPointer(under + p).loadUnaligned(as: UInt32.self)
            )
            if let last, last.drawn == pixels.0, last.under == pixels.1, last.c == c {
                ratios.append(last.ratio)
                continue
            }
            let seen = Self.overWhite(drawn + p)
            let beneath = Self.overWhite(under + p)
            // Where c is 1 the ink is the drawn pixel itself; the 8-bit table spares three powers a pixel.
            func ink(_ seen: Double, _ beneath: Double) -> UInt8 { UInt8(min(max(beneath + (seen - beneath) / c, 0), 255).rounded()) }
            let inkLuminance =
                c == 1
                ? WCAGContrast.relativeLuminance(UInt8(seen.r), UInt8(seen.g), UInt8(seen.b))
                : WCAGContrast.relativeLuminance(ink(seen.r, beneath.r), ink(seen.g, beneath.g), ink(seen.b, beneath.b))
            let ratio = WCAGContrast.ratio(
                inkLuminance, WCAGContrast.relativeLuminance(UInt8(beneath.r), UInt8(beneath.g), UInt8(beneath.b)))
            last = (pixels.0, pixels.1, c, ratio)
            ratios.append(ratio)
        }
        ratios.sort()
        return ratios[ratios.count / 10]
    }

    /// A premultiplied ARGB32 pixel (bytes B, G, R, A) seen over white, its channels in 0…255.
    private static func overWhite(_ pixel: UnsafeMutablePointer<UInt8>) -> (r: Double, g: Double, b: Double) {
        let clear = 255 - Double(pixel[3])
        return (Double(pixel[2]) + clear, Double(pixel[1]) + clear, Double(pixel[0]) + clear)
    }

    /// The highlight's fill against the pixels just outside it, at the middle of each side (1.5 pt in and out), in
    /// the frame without labels: the lowest of the sides, or nil when no side has both inside the picture.
    private func highlightRatio(_ highlight: Highlight, under: UnsafeMutablePointer<UInt8>, stride: Int) -> Double? {
        let rect = highlight.rect
        guard highlight.opacity > 0, rect.width > 3, rect.height > 3 else { return nil }
        let (midX, midY, step) = (rect.x + rect.width / 2, rect.y + rect.height / 2, 1.5)
        let pairs = [
            ((rect.x + step, midY), (rect.x - step, midY)), ((rect.maxX - step, midY), (rect.maxX + step, midY)),
            ((midX, rect.y + step), (midX, rect.y - step)), ((midX, rect.maxY - step), (midX, rect.maxY + step)),
        ]
        let scale = plan.spec.output.scale
        func luminance(_ point: (Double, Double)) -> Double? {
            let (x, y) = (Int((point.0 * scale).rounded(.down)), Int((point.1 * scale).rounded(.down)))
            guard (0..<plan.pixelWidth).contains(x), (0..<plan.pixelHeight).contains(y) else { return nil }
            let pixel = Self.overWhite(under + y * stride + x * 4)
            return WCAGContrast.relativeLuminance(red: pixel.r / 255, green: pixel.g / 255, blue: pixel.b / 255)
        }
        var lowest: Double?
        for (inside, outside) in pairs {
            guard let fill = luminance(inside), let around = luminance(outside) else { continue }
            let ratio = WCAGContrast.ratio(fill, around)
            if lowest.map({ ratio < $0 }) ?? true { lowest = ratio }
        }
        return lowest
    }
}
