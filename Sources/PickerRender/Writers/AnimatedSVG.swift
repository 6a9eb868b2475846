import Foundation
import PickerKit

/// One self-contained SVG whose highlight animates with SMIL, on the same timeline as the frames: the
/// background and labels are drawn once (labels as cairo's glyph outlines), and the highlight's rect, corner
/// radius and opacity are keyed per change, with key splines for timing curves and sampled values for springs.
package struct AnimatedSVG {
    /// The plan whose style, layout and timeline are written.
    package let plan: RenderPlan
    /// The labels drawn by cairo as an SVG document (`FrameDrawer.labelsSVG()`).
    package let labels: [UInt8]
    /// How often springs, overlapping curves and overshooting curves are sampled, per second.
    package var samplesPerSecond = 60.0

    /// A writer for `plan`, with its labels already drawn.
    package init(plan: RenderPlan, labels: [UInt8]) {
        self.plan = plan
        self.labels = labels
    }

    /// The SVG document's bytes; one point of the spec is one CSS pixel.
    ///
    /// Throws `RenderError` when the labels' SVG is not what cairo writes.
    package func document() throws(RenderError) -> [UInt8] {
        let canvas = plan.layout.canvas
        let width = Self.number(canvas.width)
        let height = Self.number(canvas.height)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">

            """
        let background = plan.style.background
        if background.alpha > 0 {
            svg += "<rect width=\"\(width)\" height=\"\(height)\" \(Self.fill(background))/>\n"
        }
        let highlight = highlightElement()
        if plan.style.highlight.layer == .background { svg += highlight }
        svg += try labelsElement(width: width, height: height)
        if plan.style.highlight.layer == .overlay { svg += highlight }
        svg += "</svg>\n"
        return Array(svg.utf8)
    }

    /// The labels drawn by cairo, as a nested `<svg>` in the outer document's units.
    private func labelsElement(width: String, height: String) throws(RenderError) -> String {
        let text = String(decoding: labels, as: UTF8.self)
        guard let open = text.range(of: "<svg"), let openEnd = text[open.upperBound...].firstIndex(of: ">"),
            let close = text.range(of: "</svg>", options: .backwards)
        else { throw RenderError.cairo(operation: "write the labels as SVG", detail: "unexpected SVG from cairo") }
        let body = text[text.index(after: openEnd)..<close.lowerBound]
        return "<svg x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" overflow=\"visible\">"
            + body + "</svg>\n"
    }

    private func highlightElement() -> String {
        let timeline = plan.timeline
        guard let rectTrack = timeline.rectKeyframes(samplesPerSecond: samplesPerSecond) else { return "" }
        let radiusTrack = timeline.cornerRadiusKeyframes(following: rectTrack, samplesPerSecond: samplesPerSecond)
        let opacityTrack = timeline.opacityKeyframes(samplesPerSecond: samplesPerSecond)
        // The fill's own alpha multiplies with the highlight's opacity, as in the frames.
        let color = plan.style.highlight.color
        let opacities = opacityTrack.values.map { ($0.first ?? 0) * color.alpha }
        let first = rectTrack.values.first ?? [0, 0, 0, 0]
        var element = "<rect x=\"\(Self.number(first[0]))\" y=\"\(Self.number(first[1]))\" width=\"\(Self.number(max(0, first[2])))\""
        element += " height=\"\(Self.number(max(0, first[3])))\" rx=\"\(Self.number(radiusTrack.values.first?.first ?? 0))\""
        element += " fill=\"\(color.opaqueHex)\" fill-opacity=\"\(Self.number(opacities.first ?? 0))\">\n"
        for (index, attribute) in ["x", "y", "width", "height"].enumerated() {
            let values = rectTrack.values.map { attribute == "width" || attribute == "height" ? max(0, $0[index]) : $0[index] }
            element += animate(attribute, track: rectTrack, values: values)
        }
        element += animate("rx", track: radiusTrack, values: radiusTrack.values.map { $0.first ?? 0 })
        element += animate("fill-opacity", track: opacityTrack, values: opacities)
        element += "</rect>\n"
        return element
    }

    /// One `<animate>` of `attribute`, or nothing when the value never changes.
    private func animate(_ attribute: String, track: KeyframeTrack, values: [Double]) -> String {
        let duration = plan.timeline.duration
        guard Set(values.map { Self.number($0) }).count > 1, duration > 0 else { return "" }
        let repeatCount = plan.spec.output.loopCount.map { String($0) } ?? "indefinite"
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
