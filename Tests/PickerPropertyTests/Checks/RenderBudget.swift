import PickerReel

/// Keeps one fuzz input fast: clamps the numbers of a decoded spec that only make a render longer or larger, so
/// the fuzzer spends its time on shapes of specs rather than on drawing big pictures.
///
/// Only upper bounds are lowered, never below what `SpecLimits` allows, so a valid spec stays valid and small
/// values (zero paddings, 1e-300 lengths, the slowest springs' damping) reach the writers untouched.
enum RenderBudget {
    /// Pixels per point at most.
    static let scale = 1.0
    /// Frames per second at most.
    static let fps = 30.0
    /// Seconds for any `after`, `duration` or `tail` at most.
    static let seconds = 1.0
    /// A spring's response at most, in seconds (its damping is left alone).
    static let springResponse = 1.0
    /// Selection changes at most.
    static let changes = 16
    /// Font size at most, in points.
    static let fontSize = 48.0
    /// Spacing, padding and segment padding at most, in points.
    static let length = 64.0
    /// Frames in a render at most: beyond it, the frame rate is lowered (to 1 at the least).
    static let frames = 400
    /// Pixels in a frame at most: beyond it, the scale is lowered (to 0.25 at the least).
    static let pixels = 250_000
    /// Sheet pixels (points of canvas × shown frames) at most: beyond it, the frame rate is lowered.
    static let sheetPixels = 4_000_000

    /// `spec` with its costly numbers clamped.
    static func clamped(_ spec: PickerSpec) -> PickerSpec {
        var spec = spec
        spec.output.scale = min(spec.output.scale, scale)
        spec.output.fps = min(spec.output.fps, fps)
        spec.tail = min(spec.tail, seconds)
        spec.changes = Array(spec.changes.prefix(changes))
        for index in spec.changes.indices {
            spec.changes[index].after = min(spec.changes[index].after, seconds)
            spec.changes[index].duration = spec.changes[index].duration.map { min($0, seconds) }
            spec.changes[index].curve = spec.changes[index].curve.map(clamped)
        }
        spec.animation.duration = spec.animation.duration.map { min($0, seconds) }
        spec.animation.curve = spec.animation.curve.map(clamped)
        spec.style.font.size = spec.style.font.size.map { min($0, fontSize) }
        spec.style.spacing = spec.style.spacing.map { min($0, length) }
        spec.style.padding = spec.style.padding.map { min($0, length) }
        spec.style.segmentPadding = spec.style.segmentPadding.map {
            Padding(horizontal: min($0.horizontal, length), vertical: min($0.vertical, length))
        }
        if let padding = spec.style.track?.padding {
            spec.style.track?.padding = Padding(horizontal: min(padding.horizontal, length), vertical: min(padding.vertical, length))
        }
        // Shadows: at most 2, blurred at most 8 pt and offset at most 64 pt (each blur is three passes a frame).
        spec.style.highlight.shadows = spec.style.highlight.shadows.map { shadows in
            shadows.prefix(2).map {
                Shadow(color: $0.color, x: max(-length, min($0.x, length)), y: max(-length, min($0.y, length)), blur: min($0.blur, 8))
            }
        }
        if let diameter = spec.touches?.diameter { spec.touches?.diameter = min(diameter, length) }
        return spec
    }

    static func clamped(_ curve: AnimationCurve) -> AnimationCurve {
        guard case .spring(let response, let damping) = curve else { return curve }
        return .spring(response: min(response, springResponse), dampingFraction: damping)
    }

    /// `spec` with a frame rate and scale that keep `renderer`'s frames and pictures within the budget, or nil
    /// when they already are.
    static func rescaled(_ spec: PickerSpec, for renderer: Renderer) -> PickerSpec? {
        var spec = spec
        var changed = false
        let canvas = renderer.layout.canvas
        let shown = Double(min(renderer.frameCount, 240))
        let sheet = canvas.width * canvas.height * shown
        let framesFactor = min(Double(frames) / Double(renderer.frameCount), sheet > 0 ? Double(sheetPixels) / sheet : 1)
        if framesFactor < 1 {
            spec.output.fps = max(SpecLimits.fps.lowerBound, (spec.output.fps * framesFactor).rounded(.down))
            changed = true
        }
        let (width, height) = renderer.pixelSize
        if width * height > pixels {
            let factor = (Double(pixels) / Double(width * height)).squareRoot()
            spec.output.scale = max(SpecLimits.scale.lowerBound, spec.output.scale * factor)
            changed = true
        }
        return changed ? spec : nil
    }
}
