import CPickerCairo
import Foundation
import PickerKit

/// One self-contained SVG whose highlight animates with SMIL, on the same timeline as the frames: the
/// background and labels are drawn once (labels as cairo's glyph outlines), and the highlight's rect and
/// opacity are keyed per change, with key splines for timing curves and sampled values for springs.
public struct AnimatedSVG {
    /// The renderer whose spec, layout, and timeline are written.
    public let renderer: FrameRenderer
    /// How often springs and overlapping curves are sampled, per second.
    public var samplesPerSecond = 60.0

    /// Creates a writer for `renderer`'s animation.
    public init(renderer: FrameRenderer) {
        self.renderer = renderer
    }

    /// The SVG document's bytes.
    ///
    /// Throws `RenderError` when cairo cannot draw the labels.
    public func document() throws(RenderError) -> [UInt8] {
        let spec = renderer.spec
        let canvas = renderer.layout.canvas
        let width = Self.number(canvas.width)
        let height = Self.number(canvas.height)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">

            """
        if spec.style.background.alpha > 0 {
            svg += "<rect width=\"\(width)\" height=\"\(height)\" \(Self.fill(spec.style.background))/>\n"
        }
        let highlight = highlightElement()
        if spec.style.highlight.layer == .background { svg += highlight }
        svg += try labelsElement(width: width, height: height)
        if spec.style.highlight.layer == .overlay { svg += highlight }
        svg += "</svg>\n"
        return Array(svg.utf8)
    }

    /// The labels drawn by cairo, as a nested `<svg>` in the outer document's units.
    private func labelsElement(width: String, height: String) throws(RenderError) -> String {
        let text = String(decoding: try renderer.labelsSVGBytes(), as: UTF8.self)
        guard let open = text.range(of: "<svg"), let openEnd = text[open.upperBound...].firstIndex(of: ">"),
            let close = text.range(of: "</svg>", options: .backwards)
        else { throw RenderError.cairo(operation: "write the labels as SVG", detail: "unexpected SVG from cairo") }
        let body = text[text.index(after: openEnd)..<close.lowerBound]
        return "<svg x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" overflow=\"visible\">"
            + body + "</svg>\n"
    }

    private func highlightElement() -> String {
        let spec = renderer.spec
        let timeline = renderer.timeline
        guard let rectTrack = timeline.rectKeyframes(samplesPerSecond: samplesPerSecond) else { return "" }
        let opacityTrack = timeline.opacityKeyframes(samplesPerSecond: samplesPerSecond)
        let first = rectTrack.values.first ?? [0, 0, 0, 0]
        let radii = rectTrack.values.map { min(timeline.requestedCornerRadius, max(0, min($0[2], $0[3])) / 2) }
        var element = "<rect x=\"\(Self.number(first[0]))\" y=\"\(Self.number(first[1]))\" width=\"\(Self.number(max(0, first[2])))\""
        element += " height=\"\(Self.number(max(0, first[3])))\" rx=\"\(Self.number(radii.first ?? 0))\""
        element +=
            " fill=\"\(spec.style.highlight.color.opaqueHex)\" fill-opacity=\"\(Self.number(opacityTrack.values.first?.first ?? 0))\">\n"
        for (index, attribute) in ["x", "y", "width", "height"].enumerated() {
            let values = rectTrack.values.map { attribute == "width" || attribute == "height" ? max(0, $0[index]) : $0[index] }
            element += animate(attribute, track: rectTrack, values: values, duration: timeline.duration)
        }
        if Set(radii).count > 1 {
            element += animate("rx", track: rectTrack, values: radii, duration: timeline.duration)
        }
        let colourAlpha = spec.style.highlight.color.alpha
        element += animate(
            "fill-opacity", track: opacityTrack, values: opacityTrack.values.map { ($0.first ?? 0) * colourAlpha },
            duration: timeline.duration)
        element += "</rect>\n"
        return element
    }

    /// One `<animate>` of `attribute`, or nothing when the value never changes.
    private func animate(_ attribute: String, track: KeyframeTrack, values: [Double], duration: Double) -> String {
        guard Set(values).count > 1, duration > 0 else { return "" }
        let repeatCount = renderer.spec.output.loopCount.map { String($0) } ?? "indefinite"
        let keyTimes = track.times.map { Self.number(min(1, max(0, $0 / duration)), digits: 5) }.joined(separator: ";")
        let splines = track.easings.map { easing -> String in
            switch easing {
            case .linear: return "0 0 1 1"
            case .spline(let curve):
                return [curve.x1, curve.y1, curve.x2, curve.y2].map { Self.number($0, digits: 4) }.joined(separator: " ")
            }
        }
        return "  <animate attributeName=\"\(attribute)\" dur=\"\(Self.number(duration, digits: 4))s\" repeatCount=\"\(repeatCount)\""
            + " fill=\"freeze\" calcMode=\"spline\" keyTimes=\"\(keyTimes)\" keySplines=\"\(splines.joined(separator: ";"))\""
            + " values=\"\(values.map { Self.number($0) }.joined(separator: ";"))\"/>\n"
    }

    private static func fill(_ color: RGBAColor) -> String {
        color.alpha >= 1 ? "fill=\"\(color.opaqueHex)\"" : "fill=\"\(color.opaqueHex)\" fill-opacity=\"\(number(color.alpha))\""
    }

    /// A number with at most `digits` decimals and no trailing zeros, so the file stays small and stable.
    static func number(_ value: Double, digits: Int = 3) -> String {
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}

extension RGBAColor {
    /// `#RRGGBB`, ignoring alpha.
    var opaqueHex: String { String(hexString.prefix(7)) }
}
