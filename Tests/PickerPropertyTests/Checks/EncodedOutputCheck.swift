// Also compiled into the render fuzzer (Fuzz/, see the Makefile's fuzz-build), so it imports nothing of Testing.
import Foundation
import PickerReel

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Decides whether the bytes a format produced for a render are a real picture of the right size: the PNG
/// decodes (with cairo) to the render's pixel size, the GIF's blocks walk cleanly to the trailer with every image
/// on its screen and delays that add up to one loop (N / fps), and the SVG parses as XML with an `svg` root of the
/// canvas size.
///
/// Used by the property test and by the render fuzzer alike, so a finding of one is a failure of the other.
enum EncodedOutputCheck {
    /// What is wrong with `bytes` as `format`'s output of `renderer`, or nil when nothing is.
    static func problem(with bytes: [UInt8], format: OutputFormat, renderer: Renderer) -> String? {
        let (width, height) = renderer.pixelSize
        switch format {
        case .png:
            return pngProblem(bytes, width: width, height: height)
        case .sheet:
            // The sheet's size is its grid's, not the frame's; it must still be a picture within the limits.
            return pngProblem(bytes, width: nil, height: nil)
        case .svg, .svgAnimated:
            return svgProblem(bytes, canvas: renderer.layout.canvas)
        case .gif:
            return gifProblem(
                bytes, width: width, height: height, duration: renderer.timeline.loopDuration, loopCount: renderer.spec.output.loopCount)
        case .apng:
            return apngProblem(
                bytes, width: width, height: height, duration: renderer.timeline.loopDuration, loopCount: renderer.spec.output.loopCount)
        case .webp:
            return webpProblem(
                bytes, width: width, height: height, duration: renderer.timeline.loopDuration, loopCount: renderer.spec.output.loopCount)
        case .mp4, .webm:
            return videoProblem(bytes, format: format, width: width, height: height)
        case .lottie:
            return lottieProblem(bytes, width: width, height: height, fps: renderer.timeline.fps, frames: renderer.timeline.frameCount)
        }
    }

    /// What is wrong with a Lottie document, or nil: JSON whose root holds the picture's size, the frame rate, in
    /// point 0, out point the frame count, and a list of layers, each with the whole animation's in and out points.
    static func lottieProblem(_ bytes: [UInt8], width: Int, height: Int, fps: Double, frames: Int) -> String? {
        guard let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            return "the Lottie is not a JSON object"
        }
        func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
        guard number(root["w"]) == Double(width), number(root["h"]) == Double(height) else {
            return "the Lottie's canvas is \(root["w"] ?? "none") × \(root["h"] ?? "none"), expected \(width) × \(height)"
        }
        guard let rate = number(root["fr"]), abs(rate - fps) < 1e-3, number(root["ip"]) == 0, number(root["op"]) == Double(frames) else {
            let playing = "\(root["fr"] ?? "none") fps from \(root["ip"] ?? "none") to \(root["op"] ?? "none")"
            return "the Lottie plays at \(playing), expected \(fps) fps from 0 to \(frames)"
        }
        guard let layers = root["layers"] as? [[String: Any]] else { return "the Lottie has no list of layers" }
        for layer in layers where number(layer["ip"]) != 0 || number(layer["op"]) != Double(frames) {
            return "the Lottie's layer \(layer["nm"] ?? "?") is shown from \(layer["ip"] ?? "none") to \(layer["op"] ?? "none")"
        }
        return nil
    }

    /// What is wrong with an animated PNG, or nil.
    ///
    /// Its chunks must walk from the signature to IEND with good CRCs, its picture be `width` × `height`, every frame inside it, as many frames as acTL declares, delays adding up to
    /// `duration` (within half a tick of its 60,000-a-second grid), and plays as `loopCount` says (0 forever). Its first frame must decode.
    static func apngProblem(_ bytes: [UInt8], width: Int, height: Int, duration: Double, loopCount: Int?) -> String? {
        let structure: APNGStructure
        do {
            structure = try APNGStructure(bytes)
        } catch {
            return "the APNG does not parse: \(error.description)"
        }
        if structure.width != width || structure.height != height {
            return "the APNG is \(structure.width) × \(structure.height) px, expected \(width) × \(height)"
        }
        guard !structure.frames.isEmpty, structure.frames.count == structure.declaredFrames else {
            return "the APNG declares \(structure.declaredFrames) frames and holds \(structure.frames.count)"
        }
        for (index, frame) in structure.frames.enumerated() where frame.x + frame.width > width || frame.y + frame.height > height {
            return "the APNG's frame \(index) (\(frame.width) × \(frame.height) at \(frame.x), \(frame.y)) is outside the picture"
        }
        let total = structure.frames.reduce(0) { $0 + $1.delay }
        // Delays are fractions on a grid of at least 60,000 ticks a second, so the total is within half a tick.
        if abs(total - duration) > 0.5 / 60_000 + 1e-9 {
            return "the APNG's delays add up to \(total) s, but the animation lasts \(duration) s"
        }
        if structure.plays != (loopCount ?? 0) {
            return "the APNG plays \(structure.plays) times (0 forever), expected \(loopCount ?? 0)"
        }
        return pngProblem(bytes, width: width, height: height)
    }

    /// What is wrong with an animated WebP: a RIFF container of its own length, a `width` × `height` canvas, frames
    /// inside it, durations adding up to `duration` within half a millisecond, and the loop count (0 forever).
    static func webpProblem(_ bytes: [UInt8], width: Int, height: Int, duration: Double, loopCount: Int?) -> String? {
        let structure: WebPStructure
        do {
            structure = try WebPStructure(bytes)
        } catch {
            return "the WebP does not parse: \(error.description)"
        }
        if structure.width != width || structure.height != height {
            return "the WebP's canvas is \(structure.width) × \(structure.height) px, expected \(width) × \(height)"
        }
        // One picture (a render whose frames are all alike) is a still WebP, as libwebp writes it.
        guard structure.isAnimated else { return nil }
        for (index, frame) in structure.frames.enumerated() where frame.x + frame.width > width || frame.y + frame.height > height {
            return "the WebP's frame \(index) (\(frame.width) × \(frame.height) at \(frame.x), \(frame.y)) is outside the canvas"
        }
        let total = structure.frames.reduce(0) { $0 + $1.duration }
        if abs(Double(total) - duration * 1000) > 0.5 + 1e-6 {
            return "the WebP's durations add up to \(total) ms, but the animation lasts \(duration) s"
        }
        if structure.loopCount != (loopCount ?? 0) {
            return "the WebP loops \(structure.loopCount) times (0 forever), expected \(loopCount ?? 0)"
        }
        return nil
    }

    /// What is wrong with an MP4 or WebM: its container must tile the file (an MP4's index before its media),
    /// and the video be `width` × `height` made even (one more column or row when odd, never scaled).
    static func videoProblem(_ bytes: [UInt8], format: OutputFormat, width: Int, height: Int) -> String? {
        let size: (width: Int, height: Int)
        do {
            if format == .mp4 {
                let structure = try MP4Structure(bytes)
                size = (structure.width, structure.height)
            } else {
                let structure = try WebMStructure(bytes)
                size = (structure.width, structure.height)
            }
        } catch {
            return "the \(format.rawValue.uppercased()) does not parse: \(error.description)"
        }
        let expected = (width + width % 2, height + height % 2)
        if size != expected {
            return "the \(format.rawValue.uppercased()) is \(size.width) × \(size.height) px, expected \(expected.0) × \(expected.1)"
        }
        return nil
    }

    /// What is wrong with a PNG file: it must decode, and be `width` × `height` px when those are given.
    static func pngProblem(_ bytes: [UInt8], width: Int?, height: Int?) -> String? {
        let surface: ImageSurface
        do {
            surface = try ImageSurface(pngBytes: bytes, path: "the PNG")
        } catch {
            return "the PNG does not decode: \(error)"
        }
        if let width, let height, surface.width != width || surface.height != height {
            return "the PNG is \(surface.width) × \(surface.height) px, expected \(width) × \(height)"
        }
        if surface.width > SpecLimits.maximumPixelsPerSide || surface.height > SpecLimits.maximumPixelsPerSide {
            return "the PNG is \(surface.width) × \(surface.height) px, larger than the limits"
        }
        return nil
    }

    /// What is wrong with an SVG document: it must parse as XML, with an `svg` root as large as `canvas`.
    static func svgProblem(_ bytes: [UInt8], canvas: Size) -> String? {
        let parser = XMLParser(data: Data(bytes))
        let root = RootElement()
        parser.delegate = root
        guard parser.parse(), root.error == nil, root.closed else {
            let reason = (root.error ?? parser.parserError).map { "\($0)" } ?? "its root element is never closed"
            return "the SVG is not well-formed XML: \(reason)"
        }
        guard root.name == "svg" else { return "the SVG's root element is <\(root.name ?? "nothing")>, not <svg>" }
        for (attribute, expected) in [("width", canvas.width), ("height", canvas.height)] {
            guard let text = root.attributes[attribute], let value = Double(text) else {
                return
                    "the SVG's \(attribute) is \(root.attributes[attribute].map { "\"\($0)\"" } ?? "missing"), not a number of CSS pixels"
            }
            // Cairo and the animated SVG print a few decimals.
            guard abs(value - expected) <= 0.01 + expected * 1e-6 else {
                return "the SVG's \(attribute) is \(value), expected the canvas's \(expected)"
            }
        }
        return nil
    }

    /// What is wrong with a GIF file: it must be a `width` × `height` GIF89a whose blocks walk to the trailer,
    /// holding at least one image, each inside the screen, delays adding up to `duration` within half a
    /// centisecond, and a loop extension as `loopCount` says (nil: forever, N: N − 1 repetitions).
    static func gifProblem(_ bytes: [UInt8], width: Int, height: Int, duration: Double, loopCount: Int?) -> String? {
        let structure: GIFStructure
        do {
            structure = try GIFStructure(bytes)
        } catch {
            return "the GIF does not parse: \(error.description)"
        }
        if structure.width != width || structure.height != height {
            return "the GIF's screen is \(structure.width) × \(structure.height) px, expected \(width) × \(height)"
        }
        guard !structure.images.isEmpty else { return "the GIF holds no image" }
        for (index, image) in structure.images.enumerated() where image.x + image.width > width || image.y + image.height > height {
            return "the GIF's image \(index) (\(image.width) × \(image.height) at \(image.x), \(image.y)) is outside the screen"
        }
        let total = structure.images.reduce(0) { $0 + $1.delay }
        if abs(Double(total) - duration * 100) > 0.5 + 1e-6 {
            return "the GIF's delays add up to \(total) cs, but the animation lasts \(duration) s"
        }
        // Forever is a NETSCAPE2.0 count of 0, N plays are N − 1 repetitions, and playing once has no extension.
        let expectedLoop = loopCount.map { $0 - 1 } ?? 0
        let allowed: Int? = expectedLoop == 0 && loopCount != nil ? nil : expectedLoop
        if structure.loopRepetitions != allowed {
            let found = structure.loopRepetitions.map { "a count of \($0)" } ?? "no loop extension"
            let wanted = allowed.map { "a count of \($0)" } ?? "no loop extension"
            return "the GIF has \(found), expected \(wanted) for loop \(loopCount.map(String.init) ?? "forever")"
        }
        return nil
    }
}

/// Remembers the root element of an XML document and its attributes, and whether it was closed: FoundationXML's
/// parser reports success for a document cut short, so a truncated SVG is caught by its root never ending.
private final class RootElement: NSObject, XMLParserDelegate {
    var name: String?
    var attributes: [String: String] = [:]
    var depth = 0
    var closed = false
    var error: Error?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        depth += 1
        guard name == nil else { return }
        name = elementName
        attributes = attributeDict
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        if depth == 0 { closed = true }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = error ?? parseError
    }
}
