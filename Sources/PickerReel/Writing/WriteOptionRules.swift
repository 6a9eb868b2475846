import PickerKit
import PickerVideo

/// The range of each write option a user gives and the one message for a value outside it, in the command line's
/// words (`--webp-quality 101: expected a whole number from 0 to 100`): the library checks with these rules when it
/// writes, and `pickerreel render` quotes them as it parses, so the two cannot drift apart.
package enum WriteOptionRules {
    /// `--webp-quality` and `WriteOptions.webpQuality`: a lossy WebP's quality.
    package static let webpQualities = 0...100

    /// The message for a WebP quality that is not a whole number in `webpQualities`, shown as `shown`.
    package static func webpQuality(_ shown: String) -> String {
        "--webp-quality \(shown): expected a whole number from \(webpQualities.lowerBound) to \(webpQualities.upperBound)"
    }

    /// The message for a GIF matte that is not an opaque colour (or `none`), shown as `shown`.
    package static func gifMatte(_ shown: String) -> String {
        "--gif-matte \(shown): expected an opaque colour (#RRGGBB or a name such as white) or none"
    }

    /// The message for a video matte that is not an opaque colour, shown as `shown`.
    package static func videoMatte(_ shown: String) -> String {
        "--video-matte \(shown): expected an opaque colour (#RRGGBB or a name such as white)"
    }

    /// The CRFs every video of `formats` takes: MP4's (0–51) when it is among them, else WebM's (0–63).
    package static func crfs(for formats: [OutputFormat]) -> ClosedRange<Int> {
        formats.contains(.mp4) ? VideoFormat.mp4.crfRange : VideoFormat.webm.crfRange
    }

    /// The message for a CRF, shown as `shown`, that is not a whole number in `crfs(for: formats)`.
    package static func crf(_ shown: String, formats: [OutputFormat]) -> String {
        let range = crfs(for: formats)
        let format = formats.contains(.mp4) ? " (MP4)" : ""
        return "--crf \(shown): expected a whole number from \(range.lowerBound) to \(range.upperBound)\(format)"
    }

    /// The moments `--times` and `WriteOptions.moments` take, in seconds: from 0 to the longest a spec lasts.
    package static let moments = 0...MomentName.latest

    /// The message for a moment, shown as `shown`, that is not a number of seconds in `moments`.
    package static func moment(_ shown: String) -> String {
        "--times: '\(shown)' is not a decimal number of seconds from 0 to \(Int(moments.upperBound)) (the longest a spec lasts); give a list such as 0,0.5,1.2"
    }

    /// The message for two moments, shown as `earlier` and `later`, that would share a picture's name.
    package static func sameMillisecond(_ earlier: String, _ later: String) -> String {
        "--times: \(earlier) and \(later) are the same millisecond; give each moment once"
    }

    /// True when moments can be written in `formats`: PNG pictures, so PNG and not per-frame SVG.
    package static func takesMoments(_ formats: [OutputFormat]) -> Bool { formats.contains(.png) && !formats.contains(.svg) }

    /// The message for moments (given by `flag`, `--times` or `--every`) in formats `takesMoments` refuses.
    package static func momentFormats(_ flag: String = "--times") -> String {
        "\(flag) writes PNG pictures: --format must include png, and not svg"
    }

    /// The message for `count` moments (`WriteOptions.moments`) over a spec's frame limit; the command line puts
    /// `--times: ` before it.
    package static func momentCount(_ count: Int) -> String {
        "\(count) moments; at most \(SpecLimits.maximumFrames), as a spec's frames"
    }
}
