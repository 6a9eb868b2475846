import FoundationEssentials
import PickerReel
import PickerRender

extension RenderCommand {
    /// What rendering `source`, planned as `planned`, with these options takes in, for its manifest and the
    /// up-to-date check; nil when the spec or a file it names cannot be read (the render then runs and reports why).
    func inputs(of source: SpecSource, planned: Renderer.Planned) -> RenderInputs? {
        var specDigest = "built-in"
        if let path = source.path {
            guard let digest = SHA256Digest.hex(ofFile: path) else { return nil }
            specDigest = digest
        }
        let drawn = source.variant.map { source.spec.applying($0) } ?? source.spec
        let scope = FileScope(specFile: source.path, root: options.root)
        var referenced: [String: String] = [:]
        for path in drawn.referencedFiles {
            guard let bytes = try? scope.read(path, maximumBytes: max(SpecLimits.maximumImageFileBytes, SpecLimits.maximumFontFileBytes))
            else { return nil }
            referenced[path] = SHA256Digest.hex(bytes)
        }
        return RenderInputs(
            tool: PickerReelTool.version, spec: specDigest, referenced: referenced, options: manifestOptions(variant: source.variant),
            environment: planned.plan.environment)
    }

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
        if let step = options.every {
            recorded["every"] = "\(step)"
        } else if !options.times.isEmpty {
            recorded["times"] = options.times.map { "\($0)" }.joined(separator: ",")
        }
        return recorded
    }
}
