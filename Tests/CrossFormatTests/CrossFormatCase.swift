import Foundation
import PickerReel
import Testing

/// One spec of the cross-format matrix: what it covers, the moments it is looked at, and the two deliberate
/// mistakes every format's check must catch on it.
struct CrossFormatCase: Sendable, CustomTestStringConvertible {
    /// The spec file, from the repository's root.
    let file: String
    /// The variant's suffix (`dark`), or nil for the spec's own appearance.
    let variant: String?
    /// What the spec exercises.
    let covers: String
    /// Times looked at, in seconds; each is put on the nearest frame's time, since the frame formats hold their
    /// frames from those times.
    let times: [Double]
    /// A moment of fast motion, among `times`: each format's picture two frames later must fail the check against
    /// the PNG frame at it (nil when the animation has a single frame).
    let probe: Double?
    /// A field of the spec changed to a nearby value (the JSON path and the new value as JSON): the PNG frame of the
    /// changed spec at `mutationTime` must fail the check against each format's picture of the real one.
    let mutation: (path: [String], json: String)
    /// When the mutation is looked at, among `times`.
    let mutationTime: Double

    var testDescription: String { variant.map { "\(name) (\($0))" } ?? name }
    var name: String { ((file as NSString).lastPathComponent as NSString).deletingPathExtension }

    static let all: [CrossFormatCase] = [
        CrossFormatCase(
            file: "Fixtures/cross-format/translucent-fade-jump.json", variant: nil,
            covers: "clear background, translucent highlight colour at opacity 1 and translucent labels; fade out, then a jump",
            times: [0, 0.333, 0.833, 1.1, 1.333, 1.8], probe: 0.333,
            mutation: (["style", "highlight", "color"], "\"#0000FF66\""), mutationTime: 0),
        CrossFormatCase(
            file: "Fixtures/cross-format/clear-touches-emoji.json", variant: nil,
            covers: "a clear highlight colour, touches, emoji, the selected label's colour and weight cross-fading",
            times: [0, 0.267, 0.4, 0.8, 1.0, 1.267], probe: 0.8,
            mutation: (["touches", "color"], "\"purple\""), mutationTime: 0.267),
        CrossFormatCase(
            file: "Fixtures/cross-format/overshoot-clamp.json", variant: nil,
            covers: "a Bézier overshooting both ways (y −0.9 and 1.9), the corner radius clamped by width, then by height",
            times: [0.267, 0.4, 0.533, 0.9, 1.1, 1.4], probe: 0.4,
            mutation: (["style", "highlight", "color"], "\"yellow\""), mutationTime: 0.533),
        CrossFormatCase(
            file: "Fixtures/cross-format/rtl-spring-dark.json", variant: nil,
            covers: "Arabic right to left, dark mode, an underdamped spring",
            times: [0, 0.267, 0.333, 0.433, 0.6, 1.4], probe: 0.267,
            mutation: (["style", "highlight", "color"], "\"purple\""), mutationTime: 0.433),
        CrossFormatCase(
            file: "Fixtures/gallery/segmented.json", variant: "dark",
            covers: "the segmented preset in dark mode: track, thumb shadows, separators, the selected label cross-fading, UIKit's spring",
            times: [0, 0.6, 0.667, 1.3, 1.4, 2.1], probe: 0.6,
            mutation: (["style", "highlight", "color"], "\"#7C7C80\""), mutationTime: 1.4),
        CrossFormatCase(
            file: "Fixtures/gallery/appearance.json", variant: nil,
            covers: "icons as templates (Fixtures/gallery/icons), the segmented preset in light mode, touches",
            times: [0.567, 0.667, 1.267, 1.4, 2.1], probe: 0.567,
            mutation: (["style", "labelColor"], "\"#3A3A3C\""), mutationTime: 1.4),
        CrossFormatCase(
            file: "Fixtures/cross-format/pictures.json", variant: nil,
            covers:
                "a PNG image, a template icon in a cross-fading translucent label colour and an SVG image (the segmented preset), "
                + "each placed by its pattern's matrix",
            times: [0, 0.4, 0.5, 0.9, 1.2], probe: 0.4,
            mutation: (["style", "labelColor"], "\"#3A3A3C\""), mutationTime: 0.9),
        CrossFormatCase(
            file: "Fixtures/cross-format/one-frame.json", variant: nil,
            covers: "fps 1 and no tail: a single frame, the settled state",
            times: [0], probe: nil,
            mutation: (["style", "highlight", "color"], "\"blue\""), mutationTime: 0),
    ]
}
