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

    /// The message for `count` moments (`--times`, `--every`, `WriteOptions.moments`) over a spec's frame limit.
    package static func momentCount(_ count: Int) -> String {
        "--times: \(count) moments; at most \(SpecLimits.maximumFrames), as a spec's frames"
    }
}
