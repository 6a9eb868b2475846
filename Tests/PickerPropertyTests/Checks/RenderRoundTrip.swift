// Also compiled into the render fuzzer (Fuzz/, see the Makefile's fuzz-build), so it imports nothing of Testing.
import Foundation
import PickerReel

/// What the render fuzzer does with one input, shared with the corpus replay test so a finding stays fixed: decode
/// the bytes as a spec (or, after a leading zero byte, which no JSON starts with, build one with `FuzzedSpec`);
/// for a valid spec, read back its own JSON, clamp it to `RenderBudget`, make a `Renderer`,
/// and run every `OutputFormat` through `Renderer.encoded(_:frame:)` (PNG and SVG for the first, middle and last
/// frames, the animation formats whole), checking each output with `EncodedOutputCheck`.
enum RenderRoundTrip {
    /// The file name the input is given in messages.
    static let file = "fuzz.json"

    /// What went wrong with `bytes`, or nil when they are not a valid spec or every format rendered a real picture.
    ///
    /// A spec that exceeds a whole-render limit (canvas or frame count) must be refused with a `SpecError` naming
    /// the file; any other error, and any output that does not check, is a problem.
    static func problem(with bytes: [UInt8]) -> String? {
        let decoded: PickerSpec
        if bytes.first == 0 {
            var builder = FuzzedSpec(bytes.dropFirst())
            do {
                decoded = try builder.spec()
            } catch {
                return "FuzzedSpec built a spec that does not validate: \(error)"
            }
        } else {
            guard let spec = try? PickerSpec.decode(bytes, file: file) else { return nil }
            decoded = spec
        }
        do {
            let again = try PickerSpec.decode([UInt8](try decoded.jsonData()), file: "again.json")
            if again != decoded { return "the spec read back from its own JSON differs: \(decoded) became \(again)" }
        } catch {
            return "the spec's own JSON does not read back: \(error)"
        }
        var spec = RenderBudget.clamped(decoded)
        let renderer: Renderer
        switch makeRenderer(spec) {
        case .refused: return nil
        case .failed(let problem): return problem
        case .made(let first):
            guard let smaller = RenderBudget.rescaled(spec, for: first) else {
                renderer = first
                break
            }
            spec = smaller
            switch makeRenderer(spec) {
            case .refused: return nil
            case .failed(let problem): return problem
            case .made(let second): renderer = second
            }
        }
        if let problem = problem(renderingEveryFormatOf: renderer, skippingHeavy: true) { return problem }
        return problem(renderingLastVariantOf: spec)
    }

    /// What went wrong drawing the last of `spec`'s variants (dark, right to left, another text size), or nil: its
    /// first, middle and last PNG and SVG frames and its animated SVG, each checked.
    static func problem(renderingLastVariantOf spec: PickerSpec) -> String? {
        guard spec.variants.count > 1, let variant = spec.variants.last else { return nil }
        let renderer: Renderer
        do {
            renderer = try Renderer(spec, variant: variant, file: file)
        } catch let error as SpecError {
            guard case .limitExceeded = error.problem else { return "variant \(variant) of a valid spec was refused: \(error)" }
            return nil
        } catch {
            return "variant \(variant): Renderer could not be set up: \(error)"
        }
        let last = renderer.frameCount - 1
        for format in [OutputFormat.png, .svg, .svgAnimated] {
            for frame in format.isPerFrame ? Array(Set([0, last / 2, last])).sorted() : [0] {
                do {
                    let output = try renderer.encoded(format, frame: frame)
                    if let problem = EncodedOutputCheck.problem(with: output, format: format, renderer: renderer) {
                        return "variant \(variant), \(format.rawValue) of frame \(frame): \(problem)"
                    }
                } catch {
                    return "variant \(variant), \(format.rawValue) of frame \(frame) failed: \(error)"
                }
            }
        }
        return nil
    }

    /// What went wrong rendering every format of `renderer`, or nil.
    ///
    /// With `skippingHeavy` (the fuzzer), a render still over the budget at 1 fps and 0.25x (minutes of a slow
    /// spring, or thousands of points of labels) gets its frames and animated SVG, but no GIF, APNG, WebP, video
    /// or sheet, which would draw every frame; videos are encoded only of short, small renders.
    static func problem(renderingEveryFormatOf renderer: Renderer, skippingHeavy: Bool) -> String? {
        let (width, height) = renderer.pixelSize
        let light =
            !skippingHeavy || renderer.frameCount <= 4 * RenderBudget.frames && width * height <= 4 * RenderBudget.pixels
        // libvpx and libx264 take tens of milliseconds a frame at their quality settings: the fuzzer encodes
        // videos only of renders of up to 120 frames of 250,000 px.
        let video = !skippingHeavy || renderer.frameCount <= 120 && width * height <= 250_000
        let last = renderer.frameCount - 1
        for format in OutputFormat.allCases where light || format.isPerFrame || format == .svgAnimated {
            if format == .mp4 || format == .webm, !video { continue }
            let frames = format.isPerFrame ? Array(Set([0, last / 2, last])).sorted() : [0]
            for frame in frames {
                let output: [UInt8]
                do {
                    output = try renderer.encoded(format, frame: frame)
                } catch {
                    return "\(format.rawValue) of frame \(frame) of a valid spec failed: \(error)"
                }
                if let problem = EncodedOutputCheck.problem(with: output, format: format, renderer: renderer) {
                    return "\(format.rawValue) of frame \(frame): \(problem)"
                }
            }
        }
        return nil
    }

    /// What making a renderer for a valid spec came to.
    enum Made {
        case made(Renderer)
        /// The spec exceeds a whole-render limit (canvas or frame count), which only a renderer knows.
        case refused(SpecError)
        case failed(String)
    }

    /// The renderer of a valid `spec` from `file`; refused only for a whole-render limit, with an error that
    /// names the file.
    static func makeRenderer(_ spec: PickerSpec, file: String = file) -> Made {
        do {
            return .made(try Renderer(spec, file: file))
        } catch let error as SpecError {
            guard case .limitExceeded = error.problem, error.description.hasPrefix(file + ": ") else {
                return .failed("a valid spec was refused by Renderer with something other than a limit: \(error)")
            }
            return .refused(error)
        } catch {
            return .failed("Renderer could not be set up for a valid spec: \(error)")
        }
    }
}
