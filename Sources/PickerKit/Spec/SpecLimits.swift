/// The bounds a spec must stay within, checked before anything is allocated, so that a number typed by
/// mistake gives a clear error instead of a memory blow-up or a render that never ends.
package enum SpecLimits {
    /// The largest spec file read, in bytes.
    package static let maximumFileBytes = 1 << 20
    /// Items in one picker.
    package static let itemCount = 1...64
    /// Characters (Unicode code points, as JSON Schema's `maxLength` counts) in one label or font family name.
    package static let maximumLabelLength = 200
    /// Selection changes in one spec.
    package static let maximumChanges = 1_000
    /// Seconds for any one `after`, `duration`, or `tail`.
    package static let maximumSeconds = 60.0
    /// Frames in one render.
    package static let maximumFrames = 10_000
    /// Frames of all of a spec's variants together (each variant is a render of its own): without it, 64 variants
    /// made one 21 KB spec 635,200 files.
    package static let maximumFramesInAllVariants = 50_000
    /// Pixels on one side of the canvas.
    package static let maximumPixelsPerSide = 16_384
    /// Pixels in one frame (width × height), so one frame needs at most 256 MiB.
    package static let maximumPixelsPerFrame = 64 << 20
    /// Frames per second.
    package static let fps = 1.0...240.0
    /// Pixels per point.
    package static let scale = 0.25...8.0
    /// Font size in points.
    package static let fontSize = 1.0...512.0
    /// Any length in points (spacing, padding, corner radius).
    package static let maximumLength = 4_096.0
    /// A spring's response in seconds.
    package static let springResponse = 0.01...10.0
    /// A spring's damping fraction; 0 would never settle.
    package static let springDampingFraction = 0.01...10.0
    /// A timing curve's x1 and x2: in 0…1, so that time maps to exactly one progress.
    package static let bezierX = 0.0...1.0
    /// A timing curve's y1 and y2: outside 0…1 the curve overshoots, as SwiftUI's `timingCurve` allows.
    package static let bezierY = -10.0...10.0
    /// A font weight on the CSS scale.
    package static let fontWeight = 100...1000
    /// An icon's size in points, as a font's.
    package static let iconSize = 1.0...512.0
    /// A shadow's blur radius in points.
    package static let shadowBlur = 0.0...64.0
    /// Shadows under the highlight.
    package static let maximumShadows = 8
    /// A touch circle's diameter in points.
    package static let touchDiameter = 0.0...512.0
    /// Variants one spec renders (the product of its variant lists).
    package static let maximumVariants = 64
    /// The largest icon or image file read, in bytes.
    package static let maximumImageFileBytes = 1 << 20
    /// The largest font file `style.font.file` may name, in bytes (a CJK collection is some 20 MB).
    package static let maximumFontFileBytes = 64 << 20
    /// Pixels of a spec's PNG images together, as their headers declare: each is decoded once a render (4 bytes a
    /// pixel while it is scaled to the size it is drawn), so this bounds that work as one frame's pixels do.
    package static let maximumImagePixels = 64 << 20
    /// How many times an animated output may play (a GIF's loop counter is 16 bits).
    package static let loopCount = 1...65_535
}
