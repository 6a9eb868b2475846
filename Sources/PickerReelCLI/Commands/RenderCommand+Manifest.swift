import FoundationEssentials
import PickerReel

extension RenderCommand {
    /// The options that change the bytes written, by flag name.
    ///
    /// Those of formats not written are left out, so that `--crf` does not re-render a spec written as PNG frames.
    /// `-j`, `--memory`, `--shard` and `--quiet` change no byte and are not recorded.
    func manifestOptions(variant: Variant?) -> [String: String] {
        let formats = Set(options.formats)
        var recorded = [
            "formats": formats.map(\.rawValue).sorted().joined(separator: ","),
            "variant": variant?.suffix ?? "",
            "png-level": options.pngLevel.map(String.init) ?? "standard",
        ]
        if formats.contains(.gif) { recorded["gif-matte"] = "\(options.gifMatte)" }
        if formats.contains(.webp) { recorded["webp-quality"] = options.webpQuality.map(String.init) ?? "lossless" }
        if formats.contains(.mp4) || formats.contains(.webm) { recorded["video"] = "\(options.video)" }
        // Measuring adds the contrast section: a folder rendered without it is not up to date for --audit.
        if options.audit { recorded["audit"] = "contrast" }
        if let step = options.every {
            recorded["every"] = "\(step)"
        } else if !options.times.isEmpty {
            recorded["times"] = options.times.map { "\($0)" }.joined(separator: ",")
        }
        return recorded
    }
}
